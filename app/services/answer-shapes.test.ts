import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { shapeProblem } from "./answer-shapes";
import { answerShapes } from "./answer-shapes.codegen";
import * as tenantDocuments from "./tenant/documents";
import { answerShapes as tenantAnswerShapes } from "./tenant/graphql.generated";

/** The generated types, checked at run time (ADR 0064): what codegen writes and what it refuses. */

const schema = buildSchema(/* GraphQL */ `
  type Query { unit(id: Int!): Unit!, units: [Unit!] }
  type Unit { id: Int! name: String rooms: [Room!]! kind: Kind! area: Float when: Date }
  type Room { name: String! }
  enum Kind { FLAT HOUSE }
  scalar Date
`);
const [shapes] = [
  answerShapes(schema, [
    /* GraphQL */ `query Unit($id: Int!, $withRooms: Boolean!) {
      unit(id: $id) { id label: name kind area when rooms @include(if: $withRooms) { name } }
    }`,
    /* GraphQL */ `query Units { units { id } }`,
  ]),
];
const unit = { id: 1, label: "Stue", kind: "FLAT", area: 52.5, when: "2026-01-01", rooms: [{ name: "Bad" }] };

describe("answer shapes", () => {
  it("are written per operation from the schema and the selection (aliases, nullability, lists, enums, @include)", () => {
    expect(shapes.Unit).toEqual({
      fields: {
        unit: {
          fields: {
            id: "Int",
            label: { nullable: "String" },
            kind: { enum: ["FLAT", "HOUSE"] },
            area: { nullable: "Float" },
            when: { nullable: "Any" },
            rooms: { list: { fields: { name: "String" } } },
          },
          optional: ["rooms"],
        },
      },
    });
    expect(shapes.Units).toEqual({ fields: { units: { nullable: { list: { fields: { id: "Int" } } } } } });
  });

  it("accept an answer of the shape, and name the first place of one that is not", () => {
    expect(shapeProblem(shapes.Unit!, { unit })).toBeNull();
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, rooms: undefined } })).toBe(
      "unit.rooms: expected array, got undefined",
    );
    const { rooms: _, ...withoutRooms } = unit;
    expect(shapeProblem(shapes.Unit!, { unit: withoutRooms })).toBeNull();
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, id: 1.5 } })).toBe("unit.id: expected Int, got number");
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, label: null, area: null } })).toBeNull();
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, kind: "CASTLE" } })).toBe(
      "unit.kind: expected one of FLAT, HOUSE, got CASTLE",
    );
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, rooms: [{ name: 3 }] } })).toBe(
      "unit.rooms.0.name: expected String, got number",
    );
    expect(shapeProblem(shapes.Unit!, { unit: { ...unit, id: undefined } })).toBe(
      "unit.id: expected Int, got undefined",
    );
    expect(shapeProblem(shapes.Unit!, { unit: null })).toBe("unit: expected object, got null");
    expect(shapeProblem(shapes.Units!, { units: null })).toBeNull();
    expect(shapeProblem(shapes.Units!, "<html>")).toBe("(answer): expected object, got string");
  });

  it("cover every operation the portal sends", () => {
    const names = Object.values(tenantDocuments).map((document) => /(?:query|mutation)\s+(\w+)/.exec(document)?.[1]);
    expect(Object.keys(tenantAnswerShapes).sort()).toEqual(names.sort());
  });
});
