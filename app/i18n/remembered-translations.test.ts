import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { rememberedKey, rememberTranslations } from "./remembered-translations";

const resources = {
  en: {
    common: {
      hello: "Hello",
      greet: "Hello, {{name}}",
      meter_one: "{{count}} meter",
      meter_other: "{{count}} meters",
      nested: "$t(hello) again",
      list: ["a", "b"],
      onlyEnglish: "Only in English",
    },
    other: { hello: "Hi from other" },
  },
  da: {
    common: { hello: "Hej", greet: "Hej, {{name}}", meter_one: "{{count}} måler", meter_other: "{{count}} målere" },
  },
};

async function instanceIn(lng: string) {
  const shared = createInstance();
  await shared.init({
    lng: "da",
    fallbackLng: "en",
    ns: ["common", "other"],
    defaultNS: "common",
    resources,
    interpolation: { escapeValue: false },
  });
  const instance = shared.cloneInstance({ lng });
  // Counts the calls that reach i18next's own t().
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const calls = { count: 0 };
  instance.t = ((...args: unknown[]) => {
    calls.count++;
    return translate(...args);
  }) as unknown as typeof instance.t;
  return { instance: rememberTranslations(instance), calls };
}

describe("rememberTranslations", () => {
  it("resolves a plain key once and then answers from memory, through fixed t() too", async () => {
    const { instance, calls } = await instanceIn("da");
    const t = instance.getFixedT(null, "common");
    expect(t("hello")).toBe("Hej");
    expect(t("hello")).toBe("Hej");
    expect(instance.t("hello")).toBe("Hej");
    expect(instance.t("hello")).toBe("Hej");
    expect(calls.count).toBe(2); // once through fixed t (its scope options), once without
  });

  it("keeps answers apart by options: counts, values, namespaces and languages", async () => {
    const { instance, calls } = await instanceIn("da");
    const t = instance.getFixedT(null, "common");
    expect(t("meter", { count: 1 })).toBe("1 måler");
    expect(t("meter", { count: 2 })).toBe("2 målere");
    expect(t("meter", { count: 1 })).toBe("1 måler");
    expect(t("greet", { name: "Anna" })).toBe("Hej, Anna");
    expect(t("greet", { name: "Jens" })).toBe("Hej, Jens");
    expect(t("greet", { name: "1" })).toBe("Hej, 1");
    expect(t("greet", { name: 1 })).toBe("Hej, 1");
    expect(instance.getFixedT(null, "other")("hello")).toBe("Hi from other");
    expect(instance.getFixedT("en", "common")("hello")).toBe("Hello");
    expect(t("hello")).toBe("Hej");
    expect(t("onlyEnglish")).toBe("Only in English");
    expect(t("nested")).toBe("Hej again");
    expect(calls.count).toBe(11);
  });

  it("asks every time when an option is an object, and never keeps an answer that is not a string", async () => {
    const { instance, calls } = await instanceIn("en");
    const t = instance.getFixedT(null, "common");
    expect(t("greet", { name: "Anna", interpolation: { escapeValue: true } })).toBe("Hello, Anna");
    expect(t("greet", { name: "Anna", interpolation: { escapeValue: true } })).toBe("Hello, Anna");
    expect(t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(calls.count).toBe(4);
  });

  it("starts afresh when it holds as many answers as its limit", async () => {
    const shared = createInstance();
    await shared.init({ lng: "en", resources, ns: ["common"], defaultNS: "common" });
    const instance = rememberTranslations(shared.cloneInstance({ lng: "en" }), { limit: 2 });
    for (const count of [1, 2, 3, 4, 5])
      expect(instance.t("meter", { count })).toBe(count === 1 ? "1 meter" : `${count} meters`);
    expect(instance.t("meter", { count: 5 })).toBe("5 meters");
  });
});

describe("rememberedKey", () => {
  it("tells calls apart by key, scope and option values of each type", () => {
    const keys = [
      rememberedKey("a", undefined),
      rememberedKey("a", { ns: "common" }),
      rememberedKey("a", { ns: "other" }),
      rememberedKey("a", { lng: "da", ns: "common" }),
      rememberedKey("a", { count: 1 }),
      rememberedKey("a", { count: "1" }),
      rememberedKey("a", { flag: true }),
      rememberedKey("a", { flag: "true" }),
      rememberedKey("b", undefined),
      rememberedKey("a", "default text"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(rememberedKey("a", { count: 1, lng: "da" })).toBe(
      rememberedKey("a", { lng: "da", count: 1, keyPrefix: undefined, lngs: null }),
    );
    expect(rememberedKey("a", { context: null })).not.toBe(rememberedKey("a", { context: "null" }));
    expect(rememberedKey("a", { x: "1\u0000y=s1:2" })).not.toBe(rememberedKey("a", { x: "1", y: "2" }));
    expect(rememberedKey("a\u0000b", "c")).not.toBe(rememberedKey("a", "\u0000bc"));
  });

  it("keeps nothing for array keys, object values or function values", () => {
    expect(rememberedKey(["a", "b"], undefined)).toBeUndefined();
    expect(rememberedKey("a", { replace: { x: 1 } })).toBeUndefined();
    expect(rememberedKey("a", { date: new Date(0) })).toBeUndefined();
    expect(rememberedKey("a", { format: () => "x" })).toBeUndefined();
    expect(rememberedKey("a", { ns: { not: "a namespace" } })).toBeUndefined();
  });
});
