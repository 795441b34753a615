import type { ReactNode } from "react";

/**
 * One entry of a description list (`<dl>`): its term and what it says. The two are wrapped in a
 * `<div>` (which HTML allows in a `<dl>`) so the list's grid keeps each pair on its own row.
 */
export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
