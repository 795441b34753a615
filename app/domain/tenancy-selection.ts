/**
 * Which tenancy to show (spec section 4, "Login by e-mail"): the one named by the path the
 * resident came for, else a `tenancyId` query parameter, else the one already selected, else the
 * first. Only tenancies the resident holds can be chosen.
 */
export interface HasTenancyId {
  id: string;
}

export function tenancyIdFromPath(path: string | null | undefined): string | null {
  const match = path?.match(/^\/t\/([^/?#]+)/);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    // A malformed escape ("/t/%E0") names no tenancy; it must not crash the sign-in.
    return null;
  }
}

export function chooseTenancy<T extends HasTenancyId>(
  tenancies: readonly T[],
  wanted: { path?: string | null; queryTenancyId?: string | null; selectedId?: string | null },
): T {
  if (tenancies.length === 0) throw new Error("chooseTenancy needs at least one tenancy");
  const held = (id: string | null | undefined) => (id ? tenancies.find((t) => t.id === id) : undefined);
  return (
    held(tenancyIdFromPath(wanted.path)) ?? held(wanted.queryTenancyId) ?? held(wanted.selectedId) ?? tenancies[0]!
  );
}
