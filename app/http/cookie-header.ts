/**
 * The value of the first cookie called `name` in a request's Cookie header, or undefined when there
 * is no such cookie or it has no value. A value ends at its next `=` (`toast=a=b` reads `a`): the
 * plain-text cookies read this way (consent, the toast's presence) never hold one. Signed cookies
 * are read by Remix's cookie objects.
 */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [partName, value] = part.trim().split("=");
    if (partName === name) return value;
  }
  return undefined;
}
