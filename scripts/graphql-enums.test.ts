import { describe, expect, it } from "vitest";
import { graphqlEnumsModule, schemaEnums } from "./graphql-enums";

describe("graphqlEnumsModule", () => {
  const sdl = `
    "Sizes."
    enum Size {
      "Small ones."
      SMALL
      LARGE
    }
    type Query { size: Size }
  `;

  it("writes each enum as a const array of its values in the schema's order and a type of the same name", () => {
    const text = graphqlEnumsModule([sdl, "enum Colour { RED GREEN }"]);
    expect(text).toContain(
      'export const Size = [\n  /**\n   * Small ones.\n   */\n  "SMALL",\n  "LARGE",\n] as const;',
    );
    expect(text).toContain("export type Size = (typeof Size)[number];");
    expect(text).toContain("/**\n * Sizes.\n */\nexport const Size");
    // Sorted by name, so the file does not change when a schema file moves.
    expect(text.indexOf("export const Colour")).toBeLessThan(text.indexOf("export const Size"));
  });

  it("takes an enum stated in two services' schemas once, and refuses two different ones", () => {
    expect([...schemaEnums([sdl, sdl]).keys()]).toEqual(["Size"]);
    expect(() => schemaEnums([sdl, "enum Size { SMALL }"])).toThrow(/Size/);
  });

  it("keeps a description's comment closed", () => {
    expect(graphqlEnumsModule(['"Ends with */ here." enum E { A }'])).toContain("Ends with *\\/ here.");
  });
});
