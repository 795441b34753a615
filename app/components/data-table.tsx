import type { ReactNode } from "react";

/**
 * A table of one of the portal's lists: a caption for screen readers where the table needs a name
 * of its own (the card's heading names it for the eye), one row of column headings, then the rows.
 * Each row names itself by a row heading (`<th scope="row">`), which the caller writes.
 *
 * `stacked`: on a phone (below 40rem) each row becomes a block, its row heading on top and each
 * cell on a line of its own, so the page never scrolls sideways (WCAG 1.4.10 Reflow). A cell shows
 * its column's name in front of it from its `data-label`, which the caller writes
 * (`<td data-label={column}>`); the table keeps its headings for screen readers.
 */
export function DataTable({
  className,
  caption,
  columns,
  stacked = false,
  children,
}: {
  className?: string;
  caption?: string;
  columns: readonly string[];
  stacked?: boolean;
  children: ReactNode;
}) {
  const classes = [className, stacked ? "table-stacked" : undefined].filter(Boolean).join(" ");
  return (
    <table className={classes || undefined}>
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
