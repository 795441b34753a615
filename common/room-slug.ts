/**
 * The slug of a room name, as it appears in URLs (`/…/rooms/sovevaerelse`) and as the back-end
 * accepts it wherever it takes a room (`roomName: "sovevaerelse"`). Shared by the portal and the
 * back-end so both derive the same slug from a meter's room name (ADR 0012).
 *
 * Lowercase; the Danish/Norwegian letters æ, ø, å become ae, oe, aa; other diacritics are
 * dropped (é → e); every run of other characters becomes one "-"; no dash at either end.
 * A name made only of such characters has the empty slug.
 */
export function roomSlug(name: string): string {
  return name
    .toLowerCase()
    .replaceAll("æ", "ae")
    .replaceAll("ø", "oe")
    .replaceAll("å", "aa")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
