import { Link } from "@remix-run/react";
import { Separator } from "./separator";

/** One entry of a {@link LinkList}: where it leads, its name and, where the list shows one, its value. */
export interface LinkListItem {
  key: string;
  to: string;
  label: string;
  value?: string;
}

/** The list of a quantity's rooms or meters, each a link to its own page, with its value beside it. */
export function LinkList({ items }: { items: readonly LinkListItem[] }) {
  return (
    <ul className="value-list">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to}>{item.label}</Link>
          {item.value === undefined ? null : (
            <>
              <Separator text=": " />
              <span className="value">{item.value}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
