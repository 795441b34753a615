/**
 * The texts of the back-end's e-mails, through i18next like the portal's pages: one instance per
 * process, holding each language's `emails` namespace (locales/{lng}/emails.json, which the portal
 * never loads) and its `common` one (locales/{lng}/common.json) for what an e-mail repeats from
 * the portal (quantity names, a notification's sentence), so page and e-mail say the same; and
 * `help` (help.json), whose energy-saving advice the weekly update quotes as its tip.
 *
 * The locale files are bundled with the code, so the instance is ready once this module is
 * loaded: with `initImmediate: false` init runs synchronously, and a mail never waits for it.
 */

import { fallbackLanguage, type Language, supportedLanguages } from "@common/languages";
import { createInstance, type PostProcessorModule, type TFunction } from "i18next";
import daCommon from "../../locales/da/common.json";
import daEmails from "../../locales/da/emails.json";
import daHelp from "../../locales/da/help.json";
import enCommon from "../../locales/en/common.json";
import enEmails from "../../locales/en/emails.json";
import enHelp from "../../locales/en/help.json";
import nbCommon from "../../locales/nb/common.json";
import nbEmails from "../../locales/nb/emails.json";
import nbHelp from "../../locales/nb/help.json";

/**
 * i18next 23 puts a value in by replacing the first occurrence of its placeholder in the text so
 * far, so a value holding a later placeholder ("{{home}}" in a name) would take the next value in
 * its own place. Values (names, addresses: the e-mail's only outside input) therefore go in with
 * their "{{" stood in for by a character they cannot hold (oneLine removes control characters),
 * which the finished text gets back.
 */
const braces = "{{";
const bracesStandIn = "\u0000";
const restoreBraces: PostProcessorModule = {
  type: "postProcessor",
  name: "mail-restore-braces",
  process: (value) => value.replaceAll(bracesStandIn, braces),
};

const i18n = createInstance();
i18n.use(restoreBraces);
void i18n.init({
  initImmediate: false,
  resources: {
    da: { emails: daEmails, common: daCommon, help: daHelp },
    en: { emails: enEmails, common: enCommon, help: enHelp },
    nb: { emails: nbEmails, common: nbCommon, help: nbHelp },
  } satisfies Record<Language, { emails: unknown; common: unknown; help: unknown }>,
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  ns: ["emails", "common", "help"],
  defaultNS: "emails",
  // Not HTML escaping: texts go into the plain-text part as they are, and the HTML part escapes
  // what it inserts itself (escapeHtml). Only the braces of a value are set aside (see above).
  interpolation: { escapeValue: true, escape: (value: string) => value.replaceAll(braces, bracesStandIn) },
  postProcess: [restoreBraces.name],
});

/** The e-mails' own texts (emails.json) in a language. */
export function mailTexts(language: Language): TFunction<"emails"> {
  return i18n.getFixedT(language, "emails");
}

/** The portal's texts (common.json) an e-mail repeats, in a language. */
export function portalTexts(language: Language): TFunction<"common"> {
  return i18n.getFixedT(language, "common");
}

/** The help page's texts (help.json): the weekly update's tip of the week. */
export function helpTexts(language: Language): TFunction<"help"> {
  return i18n.getFixedT(language, "help");
}
