import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { alarmFrequencies, alarmTypes, notificationDirections, notificationKinds } from "@common/alarms";
import { ForecastHorizon, ForecastProblem, WeatherAdjustmentProblem } from "@common/graphql-enums.generated";
import { supportedLanguages } from "@common/languages";
import { namedPeriods } from "@common/period";
import { indoorClimateQuantityIds, quantityIds } from "@common/quantities";
import { describe, expect, it } from "vitest";
import { helpParagraphs, helpTopics } from "~/components/help";
import { notFoundCodes } from "~/components/route-error";
import { compareChoices } from "~/domain/period-query";
import { consumptionComparisons } from "~/domain/smileys";
import { helpSectionKeys } from "~/routes/public/help-page";
import { policyKeys } from "~/routes/public/policies";
import { namespaces as portalNamespaces } from "./config";
import { resources } from "./resources.server";

/**
 * DESIGN.md section 4: every text exists in all three languages, and a test fails on a key missing
 * from any locale. The locale files are read from disk (not through the bundled resources), so
 * the test sees exactly what ships.
 */

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const appDir = join(repoRoot, "app");
const localesDir = join(repoRoot, "locales");

type Leaves = Map<string, unknown>;

/** Every nested key path ("login.title") with its leaf value. */
function flatten(node: unknown, prefix = "", out: Leaves = new Map()): Leaves {
  if (node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

function readLocale(language: string, namespace: string): Leaves {
  const text = readFileSync(join(localesDir, language, `${namespace}.json`), "utf8");
  return flatten(JSON.parse(text));
}

function namespacesOf(language: string): string[] {
  return readdirSync(join(localesDir, language))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .sort();
}

/** The interpolation placeholders of a text: "{{ email }}", "{{count, number}}" → email, count. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}

const languages: string[] = [...supportedLanguages];
const namespaces = namespacesOf("en");
const locales = new Map(
  languages.map((language) => [language, new Map(namespaces.map((ns) => [ns, readLocale(language, ns)]))]),
);
const leavesOf = (language: string, namespace: string): Leaves => locales.get(language)?.get(namespace) ?? new Map();
const english = leavesOf("en", "common");

/** A key as the source writes it: "help:title" is `title` in the help namespace, a plain key is in common. */
function textOf(language: string, key: string): unknown {
  const [namespace, rest] = key.includes(":") ? key.split(/:(.*)/s) : ["common", key];
  return leavesOf(language, namespace!).get(rest!);
}

describe("locale files", () => {
  it("exist for every supported language with the same namespaces", () => {
    expect([...languages].sort()).toEqual(["da", "en", "nb"]);
    expect(namespaces).toContain("common");
    // The back-end's e-mails (backend/mail/i18n.ts); checked here like every other namespace.
    expect(namespaces).toContain("emails");
    for (const language of languages) expect(namespacesOf(language), language).toEqual(namespaces);
  });

  it("of the e-mails stay with the back-end: the portal bundles and serves only its pages' namespaces", () => {
    for (const language of supportedLanguages) {
      expect(Object.keys(resources[language]).sort()).toEqual([...portalNamespaces].sort());
      expect(Object.keys(resources[language])).not.toContain("emails");
    }
    expect(portalNamespaces).not.toContain("emails");
  });

  it("hold a reasonable number of texts (the files were really read)", () => {
    expect(english.size).toBeGreaterThan(20);
  });

  describe.each(namespaces)("namespace %s", (namespace) => {
    const allKeys = [...new Set(languages.flatMap((l) => [...leavesOf(l, namespace).keys()]))].sort();

    it.each(languages)("%s has every key that any language has", (language) => {
      const keys = leavesOf(language, namespace);
      expect(allKeys.filter((key) => !keys.has(key))).toEqual([]);
    });

    it.each(languages)("%s has only non-empty strings as texts", (language) => {
      const bad = [...leavesOf(language, namespace)]
        .filter(([, value]) => typeof value !== "string" || value.trim() === "")
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
      expect(bad).toEqual([]);
    });

    it("uses the same interpolation placeholders for a key in every language", () => {
      const mismatches: string[] = [];
      for (const key of allKeys) {
        const byLanguage = languages.map((l) => {
          const value = leavesOf(l, namespace).get(key);
          return [l, typeof value === "string" ? placeholders(value).join(",") : "<missing>"] as const;
        });
        if (new Set(byLanguage.map(([, p]) => p)).size > 1) {
          mismatches.push(`${key}: ${byLanguage.map(([l, p]) => `${l}=[${p}]`).join(" ")}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  });

  it("detects what it is meant to detect", () => {
    // The helpers above, on hand-made input: a nested key, and placeholders with spaces or a format.
    expect([...flatten({ a: { b: "x", c: { d: "y" } } }).keys()]).toEqual(["a.b", "a.c.d"]);
    expect(placeholders("Hi {{ name }}, {{count, number}} new {{name}}")).toEqual(["count", "name", "name"]);
  });
});

// ---------------------------------------------------------------------------------------------
// Keys used in the source must exist (in English, the fallback; the parity tests above then
// guarantee them in every language).

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

interface KeyUse {
  key: string;
  where: string;
}

const files = sourceFiles(appDir).map((path) => ({
  where: relative(repoRoot, path),
  text: readFileSync(path, "utf8"),
}));

/** `t("…")`, `t('…')`, `t(\`…\`)` (also `i18n.t(…)`), a whole literal as the first argument. */
const tCall = /(?<![\w$])t\(\s*(["'`])((?:(?!\1)[^\\\n])*)\1\s*[,)]/g;
/** Other places that carry a key: page titles, breadcrumbs, toasts, form errors, error messages. */
const keyCarriers = [
  /pageMeta\(\s*\w+\s*,\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
  /labelKey\s*:\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
  /messageKey\s*:\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
  /toastMessage\(\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
  /failWith\(\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
  /formErrors\s*:\s*\[\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g,
];
/** Any string literal that looks like a key of one of these sections (e.g. zod messages). */
const keySections = [
  ...new Set(["validation", "login", "errors", "toast", ...[...english.keys()].map((k) => k.split(".")[0]!)]),
];
const anyLiteral = /(["'`])([a-z_]+\.[A-Za-z0-9_.-]+)\1/g;
const fileName = /\.(tsx?|jsx?|mjs|css|json|svg|png|ico|html|server|client)$/;

const literalKeys: KeyUse[] = [];
const dynamicKeys: KeyUse[] = [];
for (const { where, text } of files) {
  for (const pattern of [tCall, ...keyCarriers]) {
    for (const match of text.matchAll(pattern)) {
      const key = match[2]!;
      if (match[1] === "`" && key.includes("${")) dynamicKeys.push({ key, where });
      else literalKeys.push({ key, where });
    }
  }
  for (const match of text.matchAll(anyLiteral)) {
    const key = match[2]!;
    if (keySections.includes(key.split(".")[0]!) && !fileName.test(key)) literalKeys.push({ key, where });
  }
}

/**
 * Keys built at run time, by their static start, with the values they are built from. A new kind
 * of dynamic key fails the test until it is listed here.
 */
const dynamicKeyValues: Record<string, readonly string[] | "has defaultValue"> = {
  "quantity.": quantityIds,
  "language.": supportedLanguages,
  // The three social providers of spec section 1 (app/routes/sign-in/login.tsx).
  "login.with_": ["google", "facebook", "apple"],
  "signup.with_": ["google", "facebook", "apple"],
  // The four onboarding slides (app/routes/sign-in/welcome.tsx), each with a title and a body.
  "onboarding.": ["monitor", "compare", "analyse", "alarms"].flatMap((s) => [`${s}_title`, `${s}_body`]),
  // Expense types come from the back-end; an unknown one falls back to its own name.
  "expense.": "has defaultValue",
  // Consumption screens: chart modes, comparisons, spans, smileys, key figures, periods.
  "chart.title_": ["HOURLY_VALUES", "COST", "CO2"],
  // 404s with their own message (app/components/route-error.tsx).
  "errors.": notFoundCodes,
  "compare.": compareChoices,
  "span.": ["hour", "day", "week", "month"],
  "smiley.": [
    "happy",
    "neutral",
    "sad",
    ...indoorClimateQuantityIds.flatMap((q) => ["happy", "neutral", "sad"].map((f) => `${q}.${f}`)),
  ],
  "smiley.legend.": consumptionComparisons,
  "comparison.": consumptionComparisons,
  "comparison.against.": ["previous-period", "previous-year", "property-average", "efficient-neighbours"],
  "kpi.": ["total", "previous-period", "previous-year", "property-average", "efficient-neighbours"],
  // Why a weather-adjusted comparison cannot be given (the schema's enum, ADR 0070).
  "weather.problem.": WeatherAdjustmentProblem,
  // The forecast card's periods, outlooks and why a forecast is not made (ADR 0072, the schema's enums).
  "forecast.period.": ["MONTH", "YEAR"],
  "forecast.outlook.": ForecastHorizon,
  "forecast.problem.": ForecastProblem,
  // The period selector's two date fields (app/components/period-selector.tsx, dateFieldNames).
  "period.": ["from", "to"],
  "period.error.": ["invalid-date", "out-of-range", "end-before-start", "too-long"],
  "period.preset.": [...namedPeriods, "since-moving-in", "billing-year", "custom"],
  // Alarms and notifications (common/alarms.ts).
  "alarms.type.": alarmTypes,
  "alarms.type_help.": alarmTypes,
  "alarms.frequency.": alarmFrequencies,
  "alarms.step_name.": ["1", "2", "3", "4"],
  "notifications.kind.": notificationKinds,
  "notifications.direction.": notificationDirections,
  // The help page's and the policies' sections, in namespaces of their own (app/routes/public).
  "help:sections.": helpSectionKeys(),
  "policies:": policyKeys(),
  "help.": helpTopics.flatMap((topic) =>
    ["title", ...Array.from({ length: helpParagraphs[topic] }, (_, i) => `p${i + 1}`)].map((k) => `${topic}.${k}`),
  ),
};

describe("translation keys used in the source", () => {
  it("are found by the scan (the scan works)", () => {
    const keys = literalKeys.map((u) => u.key);
    // A few that must be there whatever the pages look like: login form errors and the error page.
    expect(keys).toContain("validation.invalid_email");
    expect(keys).toContain("login.invalid_credentials");
    expect(keys).toContain("errors.service_unavailable");
    expect(literalKeys.length).toBeGreaterThan(30);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the key as written in the source, template and all
    expect(dynamicKeys.map((u) => u.key)).toContain("quantity.${quantity}");
  });

  it("exist in English", () => {
    const missing = literalKeys.filter((u) => textOf("en", u.key) === undefined).map((u) => `${u.key} (${u.where})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("name a text, not a section of texts", () => {
    const sections = literalKeys.filter((u) => !["undefined", "string"].includes(typeof textOf("en", u.key)));
    expect(sections).toEqual([]);
  });

  it("built at run time are all known, and every value they are built from has a text", () => {
    const unknown = dynamicKeys
      .filter((u) => !Object.keys(dynamicKeyValues).some((prefix) => u.key.startsWith(`${prefix}\${`)))
      .map((u) => `${u.key} (${u.where})`);
    expect(unknown).toEqual([]);

    const missing: string[] = [];
    for (const [prefix, values] of Object.entries(dynamicKeyValues)) {
      if (values === "has defaultValue") continue;
      for (const value of values) {
        for (const language of languages) {
          if (textOf(language, prefix + value) === undefined) missing.push(`${language}: ${prefix}${value}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("include a quantity.<id> text for every quantity", () => {
    const missing = quantityIds.filter((id) => typeof english.get(`quantity.${id}`) !== "string");
    expect(missing).toEqual([]);
  });
});

describe("page titles", () => {
  it("use texts of `common`, which the browser has before hydrating, so titles never show a key", () => {
    const pageMetaCall = /pageMeta\(\s*\w+\s*,\s*(["'`])((?:(?!\1)[^\\\n])*)\1/g;
    const keys = files.flatMap(({ text }) => [...text.matchAll(pageMetaCall)].map((m) => m[2]!));
    expect(keys.length).toBeGreaterThan(10);
    // pageMeta reads `common` (app/i18n/meta.ts): a key of another namespace would show as itself.
    expect(keys.filter((key) => key.includes(":"))).toEqual([]);
    const prefixes = keys.map((key) => key.replace(/\$\{[^}]*\}.*$/, ""));
    expect(prefixes.filter((prefix) => ![...english.keys()].some((key) => key.startsWith(prefix)))).toEqual([]);
  });
});
