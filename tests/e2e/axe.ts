import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** One rule's result, with the elements it found. */
type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The rules every page is held to: WCAG 2.0–2.2 A and AA, and axe's best practices. */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe's violations of {@link tags} on the page as it is. Only violations are gathered in full
 * (`resultTypes`): axe then keeps one node of each passing or incomplete rule instead of building a
 * selector and an HTML excerpt for every element that passed (hundreds a page), and sends that much
 * less back to the test. Every violation is still reported with all its nodes.
 *
 * Legacy mode (`setLegacyMode`, documented by @axe-core/playwright) runs `axe.run` in the page
 * itself. The default mode gathers each frame's partial results and then opens a blank page in the
 * browser context, injects axe into it again and finishes the run there, so that cross-origin
 * frames can be tested: about half a second more per scan on an idle machine (1.0 against 0.5 s,
 * same violations and passes on five pages), and about 200 scans in a run. The portal's pages have
 * no frames (checked on every scan), so legacy mode tests all there is.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame());
  if (frames.length > 0)
    throw new Error(
      `${page.url()} has frames (${frames.map((f) => f.url()).join(", ")}): axe's legacy mode would leave cross-origin ones untested`,
    );
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations;
}

/** Each violation as `rule: target, target, …`, for an assertion's message. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
