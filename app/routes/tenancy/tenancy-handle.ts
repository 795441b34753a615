/** A tenancy page names its breadcrumb (a translation key) and where it leads. */
export interface Breadcrumb {
  labelKey: string;
  /** Placeholder values for the label (for example a room's name). */
  values?: Record<string, string>;
  to: string;
}

/** What a page of the tenancy area tells the layout: its breadcrumb, from the tenancy and its match. */
export interface TenancyHandle {
  breadcrumb?: (
    tenancyId: string,
    match: { params: Record<string, string | undefined>; data: unknown },
  ) => Breadcrumb | null;
}

/** The handle of a page whose breadcrumb is its title, leading to the page in the same tenancy. */
export function titleCrumb(labelKey: string, pathOf: (tenancyId: string) => string): TenancyHandle {
  return { breadcrumb: (tenancyId) => ({ labelKey, to: pathOf(tenancyId) }) };
}

/** The same for a page of one thing (an alarm, a user, a quantity's prices) named by a parameter of its URL. */
export function itemCrumb(
  labelKey: string,
  param: string,
  pathOf: (tenancyId: string, id: string) => string,
): TenancyHandle {
  return { breadcrumb: (tenancyId, { params }) => ({ labelKey, to: pathOf(tenancyId, params[param] ?? "") }) };
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
