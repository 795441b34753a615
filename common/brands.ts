import type { Language } from "./languages";

/**
 * The three brand variants of spec section 1: each has an app name per language and links to
 * its app in two stores. The Danish-market variant is the active one unless BRAND says otherwise
 * (the portal's and the back-end's, so pages and e-mails carry the same name); the theme is the
 * same for all.
 */
export const brandIds = ["dk", "no", "global"] as const;
export type BrandId = (typeof brandIds)[number];
export const defaultBrandId: BrandId = "dk";

export interface Brand {
  id: BrandId;
  appName: Record<Language, string>;
  appStores: { appStore: string; googlePlay: string };
}

export const brands: Record<BrandId, Brand> = {
  dk: {
    id: "dk",
    appName: { da: "Mit Forbrug", en: "My Consumption", nb: "Mitt Forbruk" },
    appStores: {
      appStore: "https://apps.apple.com/dk/app/mit-forbrug/id1000000001",
      googlePlay: "https://play.google.com/store/apps/details?id=dk.mitforbrug.tenant",
    },
  },
  no: {
    id: "no",
    appName: { da: "Mit Forbrug Norge", en: "My Consumption Norway", nb: "Mitt Forbruk" },
    appStores: {
      appStore: "https://apps.apple.com/no/app/mitt-forbruk/id1000000002",
      googlePlay: "https://play.google.com/store/apps/details?id=no.mittforbruk.tenant",
    },
  },
  global: {
    id: "global",
    appName: { da: "Forbrugsportal", en: "Consumption Portal", nb: "Forbruksportal" },
    appStores: {
      appStore: "https://apps.apple.com/app/consumption-portal/id1000000003",
      googlePlay: "https://play.google.com/store/apps/details?id=com.consumptionportal.tenant",
    },
  },
};

export function brandFor(id: BrandId): Brand {
  return brands[id];
}
