import { buildSchema, execute, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { isMergeable, mergeQueries, splitAnswer } from "./merged-queries.server";

/**
 * Queries started together, sent as one operation (ADR 0046): the merged text must be a valid
 * operation of the service's schema whatever the calls' variables and aliases, and each call must
 * get back exactly what it would have been answered alone.
 */

const schema = buildSchema(/* GraphQL */ `
  type Query {
    units: [Unit!]!
    graph(input: GraphInput!): Graph!
    kpis(tenancyId: Int!, quantity: String = "heat"): Kpis!
  }
  input GraphInput { tenancyId: Int! quantity: String! }
  type Unit { id: Int! name: String! }
  type Graph { quantity: String! values: [Float!]! }
  type Kpis { tenancyId: Int! quantity: String! total: Float }
`);

const rootValue = {
  units: () => [{ id: 1, name: "Home" }],
  graph: ({ input }: { input: { tenancyId: number; quantity: string } }) => {
    if (input.tenancyId !== 7)
      throw Object.assign(new Error("Adgang ikke tilladt"), { extensions: { code: "FORBIDDEN" } });
    return { quantity: input.quantity, values: [1.5, 2] };
  },
  kpis: ({ tenancyId, quantity }: { tenancyId: number; quantity: string }) => ({ tenancyId, quantity, total: 3.5 }),
};

const Units = /* GraphQL */ `query Units { units { id name } }`;
const Graph = /* GraphQL */ `query Graph($input: GraphInput!) { graph(input: $input) { quantity values } }`;
const Kpis = /* GraphQL */ `
  query Kpis($tenancyId: Int!, $quantity: String) {
    kpis(tenancyId: $tenancyId, quantity: $quantity) { tenancyId quantity total }
    again: kpis(tenancyId: $tenancyId) { quantity }
  }
`;

/** Runs a document against the schema as a service would, answering what goes over the wire. */
async function serve(document: string, variables: Record<string, unknown>) {
  const parsed = parse(document);
  expect(validate(schema, parsed)).toEqual([]);
  const result = await execute({ schema, document: parsed, rootValue, variableValues: variables });
  return JSON.parse(JSON.stringify(result)) as { data?: Record<string, unknown> | null; errors?: [] };
}

describe("mergeQueries", () => {
  it("asks every call's fields in one valid operation, and each call gets what it gets alone", async () => {
    const calls = [
      { document: Units, variables: {} },
      { document: Graph, variables: { input: { tenancyId: 7, quantity: "heat" } } },
      { document: Kpis, variables: { tenancyId: 7, quantity: "water" } },
      { document: Kpis, variables: { tenancyId: 8 } },
    ];
    const merged = mergeQueries(calls)!;
    expect(merged.document).toMatch(/^query Units_Graph_Kpis_Kpis\(/);
    const parts = splitAnswer(merged, await serve(merged.document, merged.variables));
    for (const [i, call] of calls.entries()) {
      expect(parts[i]).toEqual({ kind: "data", data: (await serve(call.document, call.variables)).data });
    }
    // The fourth call's omitted variable took its default, as alone.
    expect(parts[3]).toMatchObject({ data: { kpis: { tenancyId: 8, quantity: "heat" } } });
  });

  it("writes the text once per sequence of documents; the variables are each call's", () => {
    const one = mergeQueries([
      { document: Units, variables: {} },
      { document: Graph, variables: { input: { tenancyId: 7, quantity: "heat" } } },
    ])!;
    const two = mergeQueries([
      { document: Units, variables: {} },
      { document: Graph, variables: { input: { tenancyId: 9, quantity: "water" } } },
    ])!;
    expect(two.document).toBe(one.document);
    expect(two.variables).toEqual({ q1_input: { tenancyId: 9, quantity: "water" } });
  });

  it("refuses documents it cannot merge: mutations, fragments, several operations, unparsable text", () => {
    const cannot = [
      "mutation M { rename }",
      "query Q { ...F } fragment F on Query { units { id } }",
      "query A { units { id } } query B { units { name } }",
      "query Q @cached { units { id } }",
      "query Q {",
    ];
    for (const document of cannot) {
      expect(isMergeable(document)).toBe(false);
      expect(
        mergeQueries([
          { document: Units, variables: {} },
          { document, variables: {} },
        ]),
      ).toBeNull();
    }
    expect(isMergeable(Graph)).toBe(true);
  });
});

describe("splitAnswer", () => {
  it("gives an error to the call whose field it names, with the call's own path, and leaves the others unanswered when it nulled the data", async () => {
    const calls = [
      { document: Units, variables: {} },
      { document: Graph, variables: { input: { tenancyId: 8, quantity: "heat" } } },
    ];
    const merged = mergeQueries(calls)!;
    const answer = await serve(merged.document, merged.variables);
    expect(answer.data).toBeNull();
    const [units, graph] = splitAnswer(merged, answer);
    expect(units).toEqual({ kind: "unanswered" });
    expect(graph).toMatchObject({
      kind: "errors",
      data: null,
      errors: [{ message: "Adgang ikke tilladt", path: ["graph"], extensions: { code: "FORBIDDEN" } }],
    });
  });

  it("keeps a call's data when the failing field was another call's and could be null", () => {
    const merged = { keys: [["units"], ["graph"]] };
    const parts = splitAnswer(merged, {
      data: { q0_units: [], q1_graph: null },
      errors: [{ message: "boom", path: ["q1_graph", "values", 0] }],
    });
    expect(parts).toEqual([
      { kind: "data", data: { units: [] } },
      { kind: "errors", data: { graph: null }, errors: [{ message: "boom", path: ["graph", "values", 0] }] },
    ]);
  });

  it("leaves every call unanswered when an error names no call's field", () => {
    const merged = { keys: [["units"], ["graph"]] };
    expect(splitAnswer(merged, { data: null, errors: [{ message: "Syntax Error" }] })).toEqual([
      { kind: "unanswered" },
      { kind: "unanswered" },
    ]);
    expect(splitAnswer(merged, { data: null, errors: [{ message: "x", path: ["q5_units"] }] })).toEqual([
      { kind: "unanswered" },
      { kind: "unanswered" },
    ]);
  });
});
