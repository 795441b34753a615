import { describe, expect, it } from "vitest";
import { lintFixtureAs, markedLines } from "./lint-fixture";

/**
 * The pure-render rule (lint/pure-render.grit) fires where a page author would break it. The
 * fixture is linted as `app/components/impure-render.tsx` in a copy of the project's own
 * biome.jsonc and lint/ (lint-fixture.ts), so the registration (its file globs) is tested too.
 */
const fixture = "lint/fixtures/impure-render.tsx";

describe("the pure-render lint rule", () => {
  const marked = markedLines(fixture);

  it("reports the clock, chance and the environment read in a component's render, and nothing else", () => {
    const { output, reported } = lintFixtureAs(fixture, "app/components/impure-render.tsx");
    expect(marked).toHaveLength(5);
    expect(reported).toEqual(marked);
    expect(output).toContain("pure-render: a render must not read the clock");
  });

  it("checks route modules too, but not the server's modules", () => {
    expect(lintFixtureAs(fixture, "app/routes/impure.tsx").reported).toEqual(marked);
    expect(lintFixtureAs(fixture, "app/routes/impure.server.tsx").reported).toEqual([]);
  });
});
