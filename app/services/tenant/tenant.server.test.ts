/**
 * The tenant data service's operations against the real local back-end (backend/, in memory):
 * every answer the back-end gives passes the portal's zod schemas, errors reach the caller with
 * their codes, and an answer of the wrong shape is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../../../backend/app";
import { demoAccounts, demoTenancyIds } from "../../../backend/db/seed/demo-accounts";
import { topUpDemoReadings } from "../../../backend/db/seed/readings";
import { silentLogger } from "../../../backend/logger";
import { signInToUsers } from "../../../backend/testing/graphql";
import { ApiError, createGraphQLService, isServiceFailure } from "../graphql.server";
import { answerShapes } from "./graphql.generated";
import { isRoomRenameError, tenantService } from "./tenant.server";

const NOW = new Date("2025-11-20T10:30:00.000Z");
const tenancyId = demoTenancyIds.anna;

let backend: Backend;
let token: string;
const sent: { query: string }[] = [];
const logged: string[] = [];

beforeAll(async () => {
  backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger, now: () => NOW });
  await topUpDemoReadings(backend.db, NOW, { unitIds: [109], fromDay: "2024-09-01" });
  token = (await signInToUsers(backend, demoAccounts.anna.email)).token;
}, 120_000);
afterAll(() => backend?.close());

/** A tenant service talking to the back-end, optionally with the answers rewritten. */
function tenant(rewrite?: (body: Record<string, unknown>) => unknown, options: { mergeQueries?: boolean } = {}) {
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)) as { query: string });
    const response = await backend.fetch(new Request(input, init));
    if (rewrite === undefined) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(rewrite(body)), {
      status: response.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return tenantService(
    createGraphQLService({
      service: "tenant",
      url: "http://backend.test/tenant/graphql",
      timeoutMs: 10_000,
      getToken: async () => token,
      fetch: fetchImpl,
      log: (message) => logged.push(message),
      answerShapes,
      ...options,
    }),
  );
}

const october = { periodBegin: "2025-10-01T00:00:00", periodEnd: "2025-11-01T00:00:00" };

describe("a page's queries started together (ADR 0046)", () => {
  it("are one call to the back-end, answered as each alone; a refused one fails alone", async () => {
    const graphInput = {
      tenancyId,
      quantities: ["heat-energy"],
      resolution: "DAILY" as const,
      ...october,
      compareWith: ["PROPERTY_AVERAGE" as const],
    };
    const kpisInput = { tenancyId, quantity: "heat-energy", ...october };
    const page = (service: ReturnType<typeof tenant>) =>
      Promise.allSettled([
        service.tenantUnits(),
        service.graph(graphInput),
        service.kpis(kpisInput),
        // Someone else's tenancy: refused, as when sent alone.
        service.kpis({ ...kpisInput, tenancyId: demoTenancyIds.emma }),
      ]);
    const alone = await page(tenant());
    const before = sent.length;
    const merged = await page(tenant(undefined, { mergeQueries: true }));
    // One merged call, refused as a whole for the stranger's figures; the three others sent alone.
    expect(sent.slice(before).map((body) => body.query.trim().split(/[(\s{]/, 2)[1])).toEqual([
      "TenantUnits_TenantGraph_UnitQuantityKpis_UnitQuantityKpis",
      "TenantUnits",
      "TenantGraph",
      "UnitQuantityKpis",
    ]);
    expect(merged.slice(0, 3)).toEqual(alone.slice(0, 3));
    expect(merged.slice(0, 3).map((answer) => answer.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const [refusedAlone, refusedMerged] = [alone[3], merged[3]].map(
      (answer) => (answer as PromiseRejectedResult).reason,
    );
    expect(refusedMerged).toBeInstanceOf(ApiError);
    expect((refusedMerged as ApiError).code).toBe((refusedAlone as ApiError).code);

    const fine = sent.length;
    const [units, graph, kpis] = await Promise.all([
      tenant(undefined, { mergeQueries: true }).tenantUnits(),
      tenant(undefined, { mergeQueries: true }).graph(graphInput),
      tenant(undefined, { mergeQueries: true }).kpis(kpisInput),
    ]);
    expect([units, graph, kpis]).toEqual(
      alone.slice(0, 3).map((answer) => (answer as PromiseFulfilledResult<unknown>).value),
    );
    // Three services (three requests of the portal) never share an operation.
    expect(sent.length - fine).toBe(3);
    const service = tenant(undefined, { mergeQueries: true });
    await Promise.all([service.tenantUnits(), service.graph(graphInput), service.kpis(kpisInput)]);
    expect(sent.length - fine).toBe(4);
  });
});

describe("answers of the real back-end pass the schemas", () => {
  it("tenantUnits, with the unit's rooms", async () => {
    const [unit] = await tenant().tenantUnits();
    expect(unit?.rooms.map((room) => room.slug)).toEqual(["bad", "koekken", "sovevaerelse", "stue", "vaerelse"]);
  });

  it("graph, with comparisons, for a room and as cost", async () => {
    const service = tenant();
    const daily = await service.graph({
      tenancyId,
      quantities: ["heat-energy", "hca"],
      resolution: "DAILY",
      ...october,
      compareWith: ["PREVIOUS_YEAR", "PROPERTY_AVERAGE"],
    });
    expect(daily.timestamps).toHaveLength(31);
    expect(daily.graphs.map((graph) => graph.consumption.relatedValues.map((related) => related.type))).toEqual([
      ["PREVIOUS_YEAR", "PROPERTY_AVERAGE"],
      ["PREVIOUS_YEAR", "PROPERTY_AVERAGE"],
    ]);
    const room = await service.graph({
      tenancyId,
      quantities: ["indoor-temperature"],
      resolution: "HOURLY",
      ...october,
      roomName: "stue",
      meterNumber: null,
    });
    expect(room.timestamps).toHaveLength(31 * 24 + 1); // the autumn change: one 25-hour day
    const cost = await service.graph({
      tenancyId,
      quantities: ["electricity-energy"],
      resolution: "MONTHLY",
      ...october,
      mode: "COST",
    });
    expect(cost.graphs[0]?.consumption.quantityDescriptor.expressedAs).toBe("DKK");
  });

  it("table by unit, room and meter", async () => {
    const service = tenant();
    for (const groupBy of ["UNIT", "ROOM", "METER"] as const) {
      const table = await service.table({
        tenancyId,
        quantities: ["hca", "heat-energy"],
        ...october,
        groupBy,
        compareWith: groupBy === "UNIT" ? "PROPERTY_AVERAGE" : "PREVIOUS_PERIOD",
      });
      expect(table.quantityDescriptors.map((descriptor) => descriptor.quantity)).toEqual(["hca", "heat-energy"]);
      expect(table.rows.length, groupBy).toBeGreaterThan(0);
    }
  });

  it("kpis, readoutMinMax, quantityPrices and consumptionRating", async () => {
    const service = tenant();
    const kpis = await service.kpis({ tenancyId, quantity: "hca", ...october });
    expect(kpis.rooms.map((room) => room.label).sort()).toEqual(["Bad", "Køkken", "Soveværelse", "Stue", "Værelse"]);
    const meter = kpis.meters[0]!.objectDetails.group!.meter!.number;
    const readout = await service.readoutMinMax({
      tenancyId,
      meterNumber: meter,
      quantity: "hca",
      fromDate: october.periodBegin,
      toDate: october.periodEnd,
    });
    expect(readout.firstReadoutTimestamp).toBe("2025-10-01T00:00:00+02:00");
    const prices = await service.quantityPrices({ periodBegin: "2025-01-01", periodEnd: "2025-12-31" });
    expect(prices.length).toBeGreaterThan(0);
    const rating = await service.consumptionRating({ tenancyId, quantity: "heat-energy" });
    expect(rating.quantity).toBe("heat-energy");
  });
});

describe("weather (ADR 0070)", () => {
  it("degreeDays: the month in weekly buckets as a graph cuts them, every figure passing the schema", async () => {
    const service = tenant();
    const days = await service.degreeDays({ tenancyId, ...october, resolution: "WEEKLY" });
    expect(days.firstDay).toBe("2025-10-01");
    expect(days.lastDay).toBe("2025-10-31");
    const graph = await service.graph({ tenancyId, quantities: ["heat-energy"], resolution: "WEEKLY", ...october });
    expect(days.buckets.map((bucket) => bucket.firstDay)).toEqual(graph.buckets.map((bucket) => bucket.firstDay));
    const summed = days.buckets.reduce((sum, bucket) => sum + bucket.degreeDays, 0);
    expect(summed).toBeCloseTo(days.degreeDays, 6);
    expect(days.degreeDays).toBeGreaterThan(0);
  });

  it("kpis with weatherAdjusted: both comparisons, a figure or a reason", async () => {
    const kpis = await tenant().kpis({ tenancyId, quantity: "heat-energy", ...october, weatherAdjusted: true });
    for (const comparison of [kpis.weatherAdjustedPreviousPeriod, kpis.weatherAdjustedPreviousYear]) {
      expect(comparison).not.toBeNull();
      if (comparison?.problem === null) expect(comparison.adjustedCompared).toBeGreaterThan(0);
    }
    const plain = await tenant().kpis({ tenancyId, quantity: "heat-energy", ...october });
    expect(plain.weatherAdjustedPreviousPeriod).toBeNull();
  });
});

describe("renameRoom", () => {
  it("renames, is sent every time (mutations are not memoized), and the room keeps its new name", async () => {
    const service = tenant();
    const before = sent.length;
    expect(await service.renameRoom({ tenancyId, roomName: "Værelse", newName: "Kontor" })).toEqual({
      name: "Kontor",
      slug: "kontor",
    });
    expect(await service.renameRoom({ tenancyId, roomName: "kontor", newName: "Værelse" })).toEqual({
      name: "Værelse",
      slug: "vaerelse",
    });
    expect(await service.renameRoom({ tenancyId, roomName: "vaerelse", newName: "Værelse" })).toEqual({
      name: "Værelse",
      slug: "vaerelse",
    });
    expect(sent.length - before).toBe(3);
    expect(sent.slice(before).every((body) => body.query.includes("mutation RenameRoom"))).toBe(true);
  });

  it.each([
    ["ROOM_NOT_FOUND", { roomName: "Loft", newName: "Kontor" }],
    ["ROOM_NAME_INVALID", { roomName: "Stue", newName: "   " }],
    ["ROOM_NAME_TAKEN", { roomName: "Stue", newName: "køkken" }],
  ] as const)("rejects with an ApiError of code %s", async (code, input) => {
    const error = await tenant()
      .renameRoom({ tenancyId, ...input })
      .then(
        () => null,
        (rejected: unknown) => rejected,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect(isRoomRenameError(error)).toBe(true);
  });

  it("does not count other errors as room errors", () => {
    expect(isRoomRenameError(new ApiError("tenant", "BAD_USER_INPUT", "Invalid input"))).toBe(false);
    expect(isRoomRenameError(new Error("ROOM_NOT_FOUND"))).toBe(false);
  });
});

describe("an answer of the wrong shape", () => {
  it("is refused, and logged with the operation's message", async () => {
    const shortSeries = tenant((body) => {
      const data = body.data as { tenantGraph: { graphs: { consumption: { values: unknown[] } }[] } };
      data.tenantGraph.graphs[0]!.consumption.values.pop();
      return body;
    });
    const error = await shortSeries
      .graph({ tenancyId, quantities: ["heat-energy"], resolution: "DAILY", ...october })
      .then(
        () => null,
        (rejected: unknown) => rejected,
      );
    expect(isServiceFailure(error)).toBe(true);
    expect(logged.at(-1)).toMatch(/^Invalid tenantGraph response/);

    const badLetter = tenant((body) => {
      (body.data as { consumptionRating: { letter: string } }).consumptionRating.letter = "H";
      return body;
    });
    await expect(badLetter.consumptionRating({ tenancyId, quantity: "heat-energy" })).rejects.toSatisfy(
      isServiceFailure,
    );
    expect(logged.at(-1)).toMatch(/^Invalid consumptionRating response/);

    const noRooms = tenant((body) => {
      for (const unit of (body.data as { tenantUnits: Record<string, unknown>[] }).tenantUnits) delete unit.rooms;
      return body;
    });
    await expect(noRooms.tenantUnits()).rejects.toSatisfy(isServiceFailure);
    expect(logged.at(-1)).toMatch(/^Invalid tenantUnits response/);
  });
});
