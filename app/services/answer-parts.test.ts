import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerSchema, enumMapping, fieldAnswer } from "./answer-parts";

describe("enumMapping", () => {
  const sizes = enumMapping<"small" | "large", "SMALL" | "LARGE">({ small: "SMALL", large: "LARGE" });

  it("reads a wire value into the domain's and writes it back", () => {
    expect(sizes.schema.parse("LARGE")).toBe("large");
    expect(sizes.toWire("small")).toBe("SMALL");
  });

  it("refuses a value the contract does not have, and the domain's spelling on the wire", () => {
    expect(sizes.schema.safeParse("MEDIUM").success).toBe(false);
    expect(sizes.schema.safeParse("large").success).toBe(false);
  });
});

describe("answerSchema", () => {
  type Wire = { item: { id: number; size: "SMALL" | "LARGE"; note: string | null } };
  const sizes = enumMapping<"small" | "large", "SMALL" | "LARGE">({ small: "SMALL", large: "LARGE" });

  it("takes a schema that reads exactly the generated fields, stricter or mapped where it says so", () => {
    const schema = answerSchema<Wire>()(
      z.object({ item: z.object({ id: z.number().int(), size: sizes.schema, note: z.string().min(1).nullable() }) }),
    );
    expect(schema.parse({ item: { id: 1, size: "SMALL", note: null } })).toEqual({
      item: { id: 1, size: "small", note: null },
    });
  });

  it("refuses at compile time a schema with a field the operation does not select, or without one it does", () => {
    answerSchema<Wire>()(
      // @ts-expect-error `extra` is not in the generated type: it would always be missing.
      z.object({
        item: z.object({ id: z.number(), size: sizes.schema, note: z.string().nullable(), extra: z.string() }),
      }),
    );
    answerSchema<Wire>()(
      // @ts-expect-error `note` is selected but not read.
      z.object({ item: z.object({ id: z.number(), size: sizes.schema }) }),
    );
    answerSchema<Wire>()(
      // @ts-expect-error an optional field the operation does not select.
      z.object({
        item: z.object({ id: z.number(), size: sizes.schema, note: z.string().nullable(), x: z.string().optional() }),
      }),
    );
    answerSchema<Wire>()(
      // @ts-expect-error a wider type than the contract's.
      z.object({
        item: z.object({ id: z.union([z.number(), z.string()]), size: sizes.schema, note: z.string().nullable() }),
      }),
    );
  });
});

describe("fieldAnswer", () => {
  type Wire = { alarm: { id: number; level: number | null } };
  const alarm = z.object({ id: z.number().int(), level: z.number().nullable() });

  it("reads an operation's one field", () => {
    const schema = fieldAnswer<Wire>()("alarm", alarm);
    expect(schema.parse({ alarm: { id: 7, level: null } })).toEqual({ alarm: { id: 7, level: null } });
    expect(schema.safeParse({ alarms: { id: 7, level: null } }).success).toBe(false);
  });

  it("refuses at compile time another field's name, or a schema that differs from the field's type", () => {
    // @ts-expect-error the operation selects `alarm`, not `alarms`.
    fieldAnswer<Wire>()("alarms", alarm);
    // @ts-expect-error `level` is selected but not read.
    fieldAnswer<Wire>()("alarm", z.object({ id: z.number() }));
  });
});
