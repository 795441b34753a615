import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { axeViolations, describeViolations } from "./axe";

/**
 * What several specs read of a page the same way: the locale files' texts, the last whole month,
 * and what sticks out sideways (WCAG 1.4.10, as every-page.spec.ts measures every page), at each of
 * the widths the brief holds every page to.
 */

export type Language = "da" | "en" | "nb";
export const languages: readonly Language[] = ["da", "en", "nb"];
type Texts = Record<string, unknown>;

/** The locale files' common texts per language. */
export const locales: Record<Language, Texts> = Object.fromEntries(
  languages.map((lng) => [lng, JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as Texts]),
) as Record<Language, Texts>;

/** A text of the locale files by its key ("quantity.hca"), with {{placeholders}} filled in; the others left as they are. */
export function text(lng: Language, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], locales[lng]);
  if (typeof found !== "string") throw new Error(`no text ${key} in ${lng}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** Today's date in Copenhagen. */
export const copenhagenToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date());

/** The last whole month before today, in Copenhagen: `from` and `to` of its page. */
export function lastWholeMonth(): { from: string; to: string } {
  const [year, month] = copenhagenToday().split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The elements that stick out of the page's right edge, widest reach first, each named by its tag,
 * id, classes and the start of its text; empty when the page does not scroll sideways. Elements
 * inside a region that scrolls or clips by itself do not count: they widen only that region.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return [];
    const insideOwnScroll = (element: Element) => {
      for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = [...element.classList].map((c) => `.${c}`).join("");
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ""}`;
    };
    const offenders: { what: string; right: number; depth: number }[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || insideOwnScroll(element)) continue;
      let depth = 0;
      for (let a = element.parentElement; a; a = a.parentElement) depth++;
      offenders.push({ what: name(element), right: box.right, depth });
    }
    offenders.sort((a, b) => b.right - a.right || b.depth - a.depth);
    return [
      `scrollWidth ${root.scrollWidth} > clientWidth ${width}`,
      ...offenders.slice(0, 6).map((o) => `${o.what} reaches ${Math.round(o.right)} px`),
    ];
  });
}

/** The widths every page is held to: a laptop, a phone, and WCAG 1.4.10's 320 px, narrowest last. */
export const checkedWidths = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/**
 * The page as it is, without loading it again, at each of {@link checkedWidths}: what sticks out
 * sideways and, with `axe` (it needs JavaScript in the page), axe's violations, each line named by
 * its width. Empty when the page is fine at every width; the page is left at 320 px.
 */
export async function problemsAtEveryWidth(page: Page, options: { axe?: boolean } = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const size of checkedWidths) {
    await page.setViewportSize(size);
    for (const line of await sidewaysOverflow(page)) problems.push(`${size.width} px sideways: ${line}`);
    if (options.axe) {
      for (const line of describeViolations(await axeViolations(page))) problems.push(`${size.width} px axe: ${line}`);
    }
  }
  return problems;
}
