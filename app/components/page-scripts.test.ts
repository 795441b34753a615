import { describe, expect, it } from "vitest";
import { documentHasScripts, withoutScripts } from "./page-scripts";

describe("documentHasScripts", () => {
  it("includes the scripts unless a matched route's handle opts out", () => {
    expect(documentHasScripts([{ handle: undefined }, { handle: { i18n: "help" } }], false)).toBe(true);
    expect(documentHasScripts([{}, { handle: null }, { handle: { scripts: true } }], false)).toBe(true);
    expect(documentHasScripts([{ handle: undefined }, { handle: { i18n: "x", ...withoutScripts } }], false)).toBe(
      false,
    );
    expect(documentHasScripts([{ handle: withoutScripts }, { handle: {} }], false)).toBe(false);
  });

  it("keeps them in the browser, where the page already runs them", () => {
    expect(documentHasScripts([{ handle: withoutScripts }], true)).toBe(true);
  });
});
