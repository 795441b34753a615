/**
 * What a graph with comparisons reads: the own series once, however many comparisons use it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../app";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import type { UserRow } from "../../db/types";
import { createDemoBackendWithReadings } from "../../testing/setup";
import type { ServiceContext } from "../context";
import { tenantGraph } from "./graph";

const NOW = new Date("2025-11-20T10:30:00.000Z");
const ANNA_UNIT = 109;
let backend: Backend;

beforeAll(async () => {
  backend = await createDemoBackendWithReadings(NOW, { unitIds: [ANNA_UNIT], fromDay: "2025-06-01" });
}, 120_000);
afterAll(() => backend?.close());

/** Runs a year's daily heat graph of Anna's home with `compareWith`; returns the tables of its row reads, in order. */
async function readsOf(compareWith: string[]) {
  const caller = (await backend.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", demoAccounts.anna.email)
    .executeTakeFirstOrThrow()) as UserRow;
  const tables: string[] = [];
  const db = backend.db.withPlugin({
    transformQuery: (args) => {
      const node = args.node as {
        kind: string;
        from?: { froms: { table?: { identifier?: { name: string } } }[] };
        groupBy?: unknown;
      };
      // Row reads (a series' days), not sums (a total's).
      if (node.kind === "SelectQueryNode" && node.groupBy === undefined)
        tables.push(node.from?.froms[0]?.table?.identifier?.name ?? "?");
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const ctx = {
    db,
    now: NOW,
    requireCaller: async () => caller,
    claimedCallerId: () => caller.id,
  } as unknown as ServiceContext;
  const result = await tenantGraph(
    undefined,
    {
      graph: {
        tenancyId: demoTenancyIds.anna,
        quantities: ["heat-energy"],
        resolution: "DAILY",
        periodBegin: "2024-11-20T00:00:00",
        periodEnd: "2025-11-19T23:59:00",
        compareWith,
      },
    },
    ctx,
  );
  return { tables, result };
}

describe("a graph's reads", () => {
  it("read the own series once when the property average needs it too", async () => {
    const alone = await readsOf([]);
    const withAverage = await readsOf(["PROPERTY_AVERAGE"]);
    const dailyReads = (tables: string[]) => tables.filter((table) => table === "consumption_daily").length;
    expect(dailyReads(withAverage.tables)).toBe(dailyReads(alone.tables));
    expect(withAverage.result.graphs[0]!.consumption.values).toEqual(alone.result.graphs[0]!.consumption.values);
  });
});
