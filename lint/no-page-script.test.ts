import { describe, expect, it } from "vitest";
import { lintFixtureAs, markedLines } from "./lint-fixture";

/**
 * The no-page-script rule (lint/no-page-script.grit) fires where a page author would add a
 * `<script>` of their own (ADR 0077), and passes Remix's `<Scripts />`, `<noscript>` and the like.
 * The fixture is linted in a copy of the project's own biome.jsonc and lint/ (lint-fixture.ts), so
 * the registration (its file globs) is tested too. The server's modules are checked like the rest:
 * entry.server.tsx and the chart's SVG renderers draw markup the browser gets.
 */
const fixture = "lint/fixtures/page-script.tsx";
const marked = markedLines(fixture);

describe("the no-page-script lint rule", () => {
  it.each(["app/routes/page-script.tsx", "app/components/page-script.tsx", "app/routes/page-script.server.tsx"])(
    "reports in %s each <script> element, createElement('script') and <script> in dangerouslySetInnerHTML, and nothing else",
    (file) => {
      const { output, reported } = lintFixtureAs(fixture, file);
      expect(marked).toHaveLength(9);
      expect(reported).toEqual(marked);
      expect(output).toContain("no-page-script: a page adds no <script> of its own");
    },
  );

  it("leaves tests alone", () => {
    expect(lintFixtureAs(fixture, "app/routes/page-script.test.tsx").reported).toEqual([]);
  });
});
