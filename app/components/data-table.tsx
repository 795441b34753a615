import type { ReactNode } from "react";

/**
 * A table of one of the portal's lists: a caption for screen readers where the table needs a name
 * of its own (the card's heading names it for the eye), one row of column headings, then the rows.
 * Each row names itself by a row heading (`<th scope="row">`), which the caller writes.
 */
export function DataTable({
  className,
  caption,
  columns,
  children,
}: {
  className?: string;
  caption?: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className={className}>
      {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * Around a table wider than a phone: it scrolls sideways, so it takes focus for the arrow keys,
 * and as a named group a screen reader says what it is on reaching it.
 */
export function TableScroll({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group around a table, not a form's fieldset
    <div
      className="table-scroll"
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a sideways-scrolling table takes focus for arrow keys
      tabIndex={0}
    >
      {children}
    </div>
  );
}
