import { readFileSync } from "node:fs";
import { getIntrospectionQuery, parse } from "graphql";
import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import * as accountDocuments from "../app/services/account/documents";
import { isMergeable, mergedOperation } from "../app/services/batched-queries.server";
import * as tenantDocuments from "../app/services/tenant/documents";
import * as usersDocuments from "../app/services/users/documents";
import { type GraphQLMeasure, graphqlArmor, graphqlLimits } from "./graphql-limits";
import { type ServiceName, typeDefsByService } from "./schema";

/**
 * The limits on one document (ADR 0060) must let through everything the portal sends: every
 * document of app/services/<service>/documents.ts alone, and every query in the largest operation
 * the portal makes of queries started together (ADR 0046). Measured by the same Armor plugin the
 * services run, so what is measured here is what production counts.
 */

/** How many queries the portal merges at most: read from its client, so a change there is followed here. */
const maxMergedQueries = (() => {
  const source = readFileSync(new URL("../app/services/graphql.server.ts", import.meta.url), "utf8");
  const found = /const maxMergedQueries = (\d+);/.exec(source)?.[1];
  if (found === undefined) throw new Error("maxMergedQueries not found in app/services/graphql.server.ts");
  return Number(found);
})();

const measures = Object.keys(graphqlLimits) as GraphQLMeasure[];

type Measured = Record<GraphQLMeasure, number>;

/** A service's schema behind the Armor plugin (no resolvers: only parsing and validation matter). */
function measuringService(service: ServiceName, production = true) {
  let current: Partial<Measured> = {};
  const yoga = createYoga({
    schema: createSchema({ typeDefs: typeDefsByService[service] }),
    plugins: [
      graphqlArmor({
        production,
        // The token count is heard token by token: keep the largest.
        onMeasured: (measure, value) => {
          current[measure] = Math.max(current[measure] ?? 0, value);
        },
      }),
    ],
    logging: false,
  });
  return {
    /** Sends the document; its measures, or the errors that refused it. */
    async measure(document: string): Promise<{ measured: Partial<Measured>; errors: string[] }> {
      current = {};
      const response = await yoga.fetch("http://backend.test/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ query: document, variables: {} }),
      });
      const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
      // Without variables or resolvers the execution complains; only a refusal before it matters.
      const refusals = (body.errors ?? []).filter((error) =>
        ["GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED"].includes(error.extensions?.code ?? ""),
      );
      return { measured: current, errors: refusals.map((error) => error.message) };
    },
  };
}

const portalDocuments = { account: accountDocuments, users: usersDocuments, tenant: tenantDocuments } as const;

/** Every document the portal sends to the service, and each query merged as often as the portal merges queries. */
async function documentsSentTo(service: ServiceName): Promise<[name: string, document: string][]> {
  const exported = Object.entries(portalDocuments[service] as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  // Each measure is a sum over the root fields of an operation (the depth a maximum), so the
  // largest operation the portal can send for a measure is the query largest in it, merged with
  // itself as often as queries are merged.
  const merged = await Promise.all(
    exported
      .filter(([, document]) => isMergeable(parse(document)))
      .map(async ([name, document]): Promise<[string, string]> => {
        const operation = await mergedOperation(
          Array.from({ length: maxMergedQueries }, () => ({ document: parse(document), variables: {} })),
        );
        return [`${name} × ${maxMergedQueries}`, operation.document];
      }),
  );
  return [...exported, ...merged];
}

describe("the portal's documents are within the limits (ADR 0060)", () => {
  it("merges at most a handful of queries (the limits were chosen for eight)", () => {
    expect(maxMergedQueries).toBeGreaterThanOrEqual(2);
    expect(maxMergedQueries).toBeLessThanOrEqual(8);
  });

  it.each(["account", "users", "tenant"] as const)("every document sent to the %s service", async (service) => {
    const measuring = measuringService(service);
    const documents = await documentsSentTo(service);
    expect(documents.some(([name]) => name.includes(" × "))).toBe(true);
    const largest = Object.fromEntries(measures.map((measure) => [measure, { value: 0, name: "" }]));
    for (const [name, document] of documents) {
      const { measured, errors } = await measuring.measure(document);
      expect(errors, name).toEqual([]);
      // Every measure was taken: a document the plugin never looked at would pass unmeasured.
      expect(Object.keys(measured).sort(), name).toEqual([...measures].sort());
      for (const measure of measures) {
        const value = measured[measure] ?? 0;
        if (value > (largest[measure]?.value ?? 0)) largest[measure] = { value, name };
      }
    }
    for (const measure of measures) {
      const { value, name } = largest[measure] ?? { value: 0, name: "" };
      expect(value, `${measure} of ${name}`).toBeLessThanOrEqual(graphqlLimits[measure]);
    }
  });

  it("the largest merged operation (eight dashboards) uses most of the alias limit's room but not all", async () => {
    // A guard against a limit raised or lowered without looking: the alias limit is the one the
    // issue's attack was about, and its room is stated in graphql-limits.ts.
    const measuring = measuringService("tenant");
    const dashboards = await mergedOperation(
      Array.from({ length: maxMergedQueries }, () => ({
        document: parse(tenantDocuments.DashboardQuery),
        variables: {},
      })),
    );
    const { measured } = await measuring.measure(dashboards.document);
    // Four root fields each: the rating, two tables and the forecasts (ADR 0072).
    expect(measured.aliases).toBe(maxMergedQueries * 4);
    expect(graphqlLimits.aliases).toBeGreaterThanOrEqual(Math.ceil((measured.aliases ?? 0) * 1.5));
    expect(graphqlLimits.aliases).toBeLessThanOrEqual((measured.aliases ?? 0) * 2);
  });

  it("GraphiQL's introspection query is within them (development keeps it)", async () => {
    const measuring = measuringService("tenant", false);
    const introspection = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const { measured, errors } = await measuring.measure(introspection);
    expect(errors).toEqual([]);
    expect(measured.tokens).toBeGreaterThan(100);
  });
});

describe("a document past a limit is refused before it runs", () => {
  // A schema of its own, with a type that nests without end and a list field Armor prices by `first`.
  let resolved = 0;
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Query { node: Node }
        type Node { id: Int, child: Node, children(first: Int): [Node] }
      `,
      resolvers: {
        Query: {
          node: () => {
            resolved++;
            return { id: 1 };
          },
        },
        Node: { child: () => ({ id: 2 }), children: () => [] },
      },
    }),
    plugins: [graphqlArmor({ production: true })],
    logging: false,
  });

  async function send(document: string) {
    const before = resolved;
    const response = await yoga.fetch("http://backend.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: document }),
    });
    const body = (await response.json()) as {
      data?: unknown;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    return { body, ran: resolved > before };
  }

  const nested = (levels: number) => `{ node { ${"child { ".repeat(levels - 2)}id${" }".repeat(levels - 2)} } }`;
  const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: node { id }`).join(" ")} }`;

  it("at each limit the document runs", async () => {
    for (const document of [
      nested(graphqlLimits.depth),
      aliased(graphqlLimits.aliases),
      `{ ${Array.from({ length: graphqlLimits.directives }, (_, i) => `a${i}: node @include(if: true) { id }`).join(" ")} }`,
    ]) {
      const { body, ran } = await send(document);
      expect(body.errors).toBeUndefined();
      expect(ran).toBe(true);
    }
  });

  it.each([
    ["too deep", nested(graphqlLimits.depth + 1), `Query depth limit of ${graphqlLimits.depth} exceeded`],
    ["too many aliases", aliased(graphqlLimits.aliases + 1), `Aliases limit of ${graphqlLimits.aliases} exceeded`],
    [
      "too costly (a long list asked by `first`)",
      "{ node { children(first: 10000) { id child { id } } } }",
      `Cost limit of ${graphqlLimits.cost} exceeded`,
    ],
    [
      "too many directives",
      `{ node ${"@include(if: true) ".repeat(graphqlLimits.directives + 1)}{ id } }`,
      `Directives limit of ${graphqlLimits.directives} exceeded`,
    ],
  ])("%s: a validation error naming the limit", async (_what, document, message) => {
    const { body, ran } = await send(document);
    expect(ran).toBe(false);
    expect(body.data ?? null).toBeNull();
    const refusal = body.errors?.find((error) => error.message.includes(message));
    expect(refusal, JSON.stringify(body.errors)).toBeDefined();
    expect(refusal?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("too many tokens: the parser stops (a document of a megabyte costs no more than one at the limit)", async () => {
    const document = `{ ${"node { id } ".repeat(100_000)}}`;
    const startedAt = performance.now();
    const { body, ran } = await send(document);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(ran).toBe(false);
    expect(body.errors?.[0]?.message).toContain(`Token limit of ${graphqlLimits.tokens} exceeded`);
    expect(body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
  });
});
