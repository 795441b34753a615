import { profilePath, tenancySettingsPath } from "@common/portal-paths";

/** A tenancy page names its breadcrumb (a translation key) and where it leads. */
export interface Breadcrumb {
  labelKey: string;
  /** Placeholder values for the label (for example a room's name). */
  values?: Record<string, string>;
  to: string;
}

/**
 * What a page of the tenancy area tells the layout: its breadcrumb (or, for a page whose URL is not
 * nested under its parent's, its parent's and its own), from the tenancy and its match.
 */
export interface TenancyHandle {
  breadcrumb?: (
    tenancyId: string,
    match: { params: Record<string, string | undefined>; data: unknown },
  ) => Breadcrumb | readonly Breadcrumb[] | null;
  /**
   * The page clears the breadcrumbs (spec section 2): the pages the side menu leads to, where the
   * menu itself says where one is. Their header has no trail, and on a phone the menu button
   * instead of a back button.
   */
  clearsBreadcrumbs?: boolean;
}

/** A page one level up, for pages whose URL does not nest under it (profile/password under profile). */
export interface ParentPage {
  labelKey: string;
  pathOf: (tenancyId: string) => string;
}

export const parentPages = {
  profile: { labelKey: "profile.title", pathOf: profilePath },
  tenancyInfo: { labelKey: "tenancy_info.title", pathOf: tenancySettingsPath },
} satisfies Record<string, ParentPage>;

/**
 * The handle of a page whose breadcrumb is its title, leading to the page in the same tenancy;
 * with `parent`, the parent's breadcrumb comes first.
 */
export function titleCrumb(
  labelKey: string,
  pathOf: (tenancyId: string) => string,
  parent?: ParentPage,
): TenancyHandle {
  return {
    breadcrumb: (tenancyId) => {
      const own = { labelKey, to: pathOf(tenancyId) };
      return parent ? [{ labelKey: parent.labelKey, to: parent.pathOf(tenancyId) }, own] : own;
    },
  };
}

/** The handle of a page the side menu leads to: its breadcrumb for the pages below it, and it clears the trail. */
export function menuPageCrumb(labelKey: string, pathOf: (tenancyId: string) => string): TenancyHandle {
  return { ...titleCrumb(labelKey, pathOf), clearsBreadcrumbs: true };
}

/** The breadcrumbs of a page: each match's in order, or none when one of them clears them. */
export function breadcrumbTrail(
  tenancyId: string,
  matches: readonly { handle?: unknown; params: Record<string, string | undefined>; data: unknown }[],
): Breadcrumb[] {
  const handles = matches.map((match) => (match.handle ?? {}) as TenancyHandle);
  if (handles.some((handle) => handle.clearsBreadcrumbs)) return [];
  return matches.flatMap((match, index) => {
    const crumb = handles[index]?.breadcrumb?.(tenancyId, { params: match.params, data: match.data });
    return crumb ? [crumb].flat() : [];
  });
}

/** Where a phone's back button goes: the page one level up from the last breadcrumb, if any. */
export function backTarget(trail: readonly Breadcrumb[]): Breadcrumb | null {
  return trail.length >= 2 ? (trail[trail.length - 2] ?? null) : null;
}

/** The same for a page of one thing (an alarm, a user, a quantity's prices) named by a parameter of its URL. */
export function itemCrumb(
  labelKey: string,
  param: string,
  pathOf: (tenancyId: string, id: string) => string,
  parent?: ParentPage,
): TenancyHandle {
  return {
    breadcrumb: (tenancyId, { params }) => {
      const own = { labelKey, to: pathOf(tenancyId, params[param] ?? "") };
      return parent ? [{ labelKey: parent.labelKey, to: parent.pathOf(tenancyId) }, own] : own;
    },
  };
}

/**
 * The handle of a page of one meter or room of a quantity: named by what its loader found (the
 * meter's number, the room's name) or, before that is known, by the URL's parameter.
 */
export function quantityItemCrumb(
  labelKey: string,
  name: { placeholder: string; dataField: string; param: string },
  pathOf: (tenancyId: string, quantity: string, id: string) => string,
): TenancyHandle {
  return {
    breadcrumb: (tenancyId, { params, data }) => {
      const found = (data as Record<string, unknown> | undefined)?.[name.dataField];
      const id = params[name.param] ?? "";
      return {
        labelKey,
        values: { [name.placeholder]: typeof found === "string" ? found : id },
        to: pathOf(tenancyId, params.quantity ?? "", id),
      };
    },
  };
}
