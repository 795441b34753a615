import da from "../../locales/da/common.json";
import en from "../../locales/en/common.json";
import nb from "../../locales/nb/common.json";
import type { Language } from "./config";

/** Every translation, bundled into the server build; the browser receives only its own language. */
export const resources = {
  da: { common: da },
  en: { common: en },
  nb: { common: nb },
} satisfies Record<Language, { common: unknown }>;

export type Translations = typeof en;
