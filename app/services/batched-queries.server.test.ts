import { buildSchema, type DocumentNode, execute, parse, print, validate } from "graphql";
import { ClientError } from "graphql-request";
import { describe, expect, it } from "vitest";
import { isMergeable, mergedOperation, queryBatcher, type SendDocument } from "./batched-queries.server";

/**
 * Queries started together, sent as one operation by @graphql-tools/batch-execute (ADR 0046,
 * 0064): the merged text must be a valid operation of the service's schema whatever the calls'
 * variables and aliases, and each call must get back exactly what it would have been answered alone.
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

const Units = parse(/* GraphQL */ `query Units { units { id name } }`);
const Graph = parse(/* GraphQL */ `query Graph($input: GraphInput!) { graph(input: $input) { quantity values } }`);
const Kpis = parse(/* GraphQL */ `
  query Kpis($tenancyId: Int!, $quantity: String) {
    kpis(tenancyId: $tenancyId, quantity: $quantity) { tenancyId quantity total }
    again: kpis(tenancyId: $tenancyId) { quantity }
  }
`);

/** Runs a document against the schema as a service would, answering what goes over the wire. */
async function serve(
  document: string,
  variables: Record<string, unknown>,
): Promise<{ data?: Record<string, unknown> | null; errors?: { message: string }[] }> {
  const parsed = parse(document);
  expect(validate(schema, parsed)).toEqual([]);
  const result = await execute({ schema, document: parsed, rootValue, variableValues: variables });
  return JSON.parse(JSON.stringify(result));
}

/** A service behind graphql-request's contract: data, or a ClientError carrying the errors. */
function service(answer = serve) {
  const sent: { document: string; variables: Record<string, unknown> }[] = [];
  const send: SendDocument = async (document, variables) => {
    sent.push({ document, variables });
    const result = await answer(document, variables);
    if (result.errors?.length)
      throw new ClientError(
        {
          status: 200,
          headers: new Headers(),
          data: result.data ?? undefined,
          errors: result.errors,
        } as ConstructorParameters<typeof ClientError>[0],
        { query: document, variables },
      );
    return result.data ?? {};
  };
  return { send, sent };
}

const signal = new AbortController().signal;
const call = (document: DocumentNode, variables: Record<string, unknown> = {}) => ({ document, variables, signal });

describe("mergedOperation", () => {
  it("asks every call's fields in one valid operation named after all of them", async () => {
    const merged = await mergedOperation([
      call(Units),
      call(Graph, { input: { tenancyId: 7, quantity: "heat" } }),
      call(Kpis, { tenancyId: 7, quantity: "water" }),
      call(Kpis, { tenancyId: 8 }),
    ]);
    expect(merged.document).toMatch(/^query Units_Graph_Kpis_Kpis\(/);
    expect(validate(schema, parse(merged.document))).toEqual([]);
    expect(merged.variables).toEqual({
      _v1_input: { tenancyId: 7, quantity: "heat" },
      _v2_tenancyId: 7,
      _v2_quantity: "water",
      _v3_tenancyId: 8,
    });
  });
});

describe("queryBatcher", () => {
  it("sends the queries of one turn as one operation, and each gets what it gets alone", async () => {
    const backend = service();
    const { query } = queryBatcher({ send: backend.send, maxQueries: 8 });
    const calls = [
      call(Units),
      call(Graph, { input: { tenancyId: 7, quantity: "heat" } }),
      call(Kpis, { tenancyId: 7, quantity: "water" }),
      call(Kpis, { tenancyId: 8 }),
    ];
    const answers = await Promise.all(calls.map(query));
    expect(backend.sent).toHaveLength(1);
    for (const [i, { document, variables }] of calls.entries())
      expect(answers[i]).toEqual((await serve(print(document), variables)).data);
    // The fourth call's omitted variable took its default, as alone.
    expect(answers[3]).toMatchObject({ kpis: { tenancyId: 8, quantity: "heat" } });
  });

  it("gives an error to the call whose field it names, with the call's own path; the others are asked alone once", async () => {
    const backend = service();
    const { query } = queryBatcher({ send: backend.send, maxQueries: 8 });
    const [units, graph] = await Promise.allSettled([
      query(call(Units)),
      query(call(Graph, { input: { tenancyId: 8, quantity: "heat" } })),
    ]);
    expect(units).toEqual({ status: "fulfilled", value: { units: [{ id: 1, name: "Home" }] } });
    const refusal = (graph as PromiseRejectedResult).reason as ClientError;
    expect(refusal).toBeInstanceOf(ClientError);
    expect(refusal.response.errors).toMatchObject([
      { message: "Adgang ikke tilladt", path: ["graph"], extensions: { code: "FORBIDDEN" } },
    ]);
    expect(backend.sent.map((sent) => sent.document.split(/[(\s{]/, 2)[1])).toEqual(["Units_Graph", "Units"]);
  });

  it("asks every call alone when an error names no call's field (a document the service refused)", async () => {
    let first = true;
    const backend = service(async (document, variables) => {
      if (!first) return serve(document, variables);
      first = false;
      return { data: null, errors: [{ message: "Syntax Error" }] };
    });
    const { query } = queryBatcher({ send: backend.send, maxQueries: 8 });
    await Promise.all([query(call(Units)), query(call(Kpis, { tenancyId: 1 }))]);
    expect(backend.sent).toHaveLength(3);
  });

  it("sends alone what cannot merge: mutations, fragments, several operations, directives on the operation", async () => {
    const cannot = [
      "mutation M { rename }",
      "query Q { ...F } fragment F on Query { units { id } }",
      "query A { units { id } } query B { units { name } }",
      "query Q @cached { units { id } }",
    ];
    for (const document of cannot) expect(isMergeable(parse(document))).toBe(false);
    expect(isMergeable(Graph)).toBe(true);
  });
});
