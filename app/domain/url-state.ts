/**
 * The URL is the state (DESIGN.md section 1): dialogs and similar view state are search
 * parameters. These helpers build links that open or close them while keeping the rest.
 */

/** `pathname?search` with `name` set to `value` (or removed when value is null). */
export function withSearchParam(pathname: string, search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
