import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../../../backend/app";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds } from "../../../backend/db/seed/demo-accounts";
import { silentLogger } from "../../../backend/logger";

/**
 * "Back-end calls run one after another": a page's loaders start every back-end call it
 * needs at once and share one deadline of API_TIMEOUT_MS (ADR 0021). Measured against the real
 * local back-end (in process, demo data) behind a fetch that answers every call after a delay, as
 * a slow network or a slow service would: a consumption page must take about one delay, not two or
 * three, whatever the order of its calls.
 */

// The portal's configuration is read once per process (this test file has its own).
const timeoutMs = 2500;
process.env.API_TIMEOUT_MS = String(timeoutMs);

const { createAppLoadContext } = await import("~/context.server");
const { SharedAnswers } = await import("~/services/graphql.server");
const { sessionStorage } = await import("~/session/session.server");
const { createApi, noTokens } = await import("~/services/api.server");
const tenancyLayout = await import("~/routes/tenancy/tenancy-layout");
const consumption = await import("~/routes/consumption/consumption");
const overview = await import("~/routes/consumption/consumption-overview");
const price = await import("~/routes/consumption/consumption-price");
const meterPage = await import("~/routes/consumption/consumption-meter");
const indoorClimate = await import("~/routes/consumption/indoor-climate");
const dashboard = await import("~/routes/consumption/dashboard");
const { forgetHints } = await import("~/routes/consumption/page-inputs.server");

let backend: Backend;
let cookieHeader: string;
/** A heat meter of Anna's unit (for the meter page). */
let heatMeterId: string;

beforeAll(async () => {
  backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger });
  const api = createApi({
    config: {
      accountApiUrl: url("account"),
      usersApiUrl: url("users"),
      tenantDataApiUrl: url("tenant"),
      apiTimeoutMs: 10_000,
    },
    tokens: noTokens,
    fetch: (input, init) => backend.fetch(new Request(input, init)),
  });
  const account = await api.account.tokenAuth(demoAccounts.anna.email, DEMO_PASSWORD);
  const users = await api.users.loginWithEmailAndPassword(demoAccounts.anna.email, DEMO_PASSWORD);
  const signedIn = createApi({
    config: {
      accountApiUrl: url("account"),
      usersApiUrl: url("users"),
      tenantDataApiUrl: url("tenant"),
      apiTimeoutMs: 10_000,
    },
    tokens: { account: async () => account.token, users: async () => users.token },
    fetch: (input, init) => backend.fetch(new Request(input, init)),
  });
  const units = await signedIn.tenant.tenantUnits();
  heatMeterId = units.flatMap((unit) => unit.meters).find((meter) => meter.quantity === "heat-energy")!.id;
  const session = await sessionStorage.getSession();
  session.set("auth", { type: "email-password", account, users });
  session.set("tenancyId", String(demoTenancyIds.anna));
  cookieHeader = (await sessionStorage.commitSession(session)).split(";")[0]!;
  // Once without delay: the first page of a process also loads translations and warms caches.
  await loadHeatOverview(0);
});
afterAll(() => backend.close());

function url(service: string) {
  return `http://backend.test/${service}/graphql`;
}

interface Call {
  operation: string;
  /** The URL of the service it went to. */
  url: string;
  startedAt: number;
  answeredAt: number;
}

/**
 * A load context as server.ts builds it for one request, whose back-end answers every call after
 * `delayMs` (the local back-end's own time comes on top). Nothing is shared from earlier requests
 * (a cold instance), so the guard's account question is asked too.
 */
function slowContext(delayMs: number, t0: number, cookie: string | null) {
  const calls: Call[] = [];
  const setCookies: string[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { query: string };
    const operation = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "?";
    const call: Call = { operation, url: String(input), startedAt: performance.now() - t0, answeredAt: Number.NaN };
    calls.push(call);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, delayMs);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal!.reason);
      });
    });
    const answer = await backend.fetch(new Request(input, init));
    call.answeredAt = performance.now() - t0;
    return answer;
  };
  const context = createAppLoadContext(
    {
      cookieHeader: cookie,
      https: false,
      cspNonce: "test",
      clientAddress: "127.0.0.1",
      appendSetCookie: (value) => setCookies.push(value),
    },
    { fetch: fetch as typeof globalThis.fetch, sharedAnswers: new SharedAnswers({ ttlMs: 5000, maxTokens: 10 }) },
  );
  return { context, calls, setCookies };
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** Runs a page's loaders as Remix does (all at once, one load context) and times the slowest. */
async function loadPage(
  path: string,
  loaders: { loader: Loader; params: Record<string, string> }[],
  delayMs: number,
  cookie: string | null = cookieHeader,
) {
  const t0 = performance.now();
  const { context, calls, setCookies } = slowContext(delayMs, t0, cookie);
  const request = new Request(`http://portal.test${path}`, {
    headers: { cookie: cookie ?? "", "accept-language": "en" },
  });
  const outcomes = await Promise.allSettled(
    loaders.map(({ loader, params }) => loader({ request, params, context: context as AppLoadContext })),
  );
  const elapsedMs = performance.now() - t0;
  if (process.env.PRINT_PAGE_TIMES) console.log(`${path} with a ${delayMs} ms back-end: ${Math.round(elapsedMs)} ms`);
  return { outcomes, elapsedMs, calls, setCookies };
}

const tenancyId = String(demoTenancyIds.anna);
const quantityPage = (
  quantity: string,
  ...leaf: { loader: Loader }[]
): { loader: Loader; params: Record<string, string> }[] => [
  { loader: tenancyLayout.loader as Loader, params: { tenancyId } },
  { loader: consumption.loader as Loader, params: { tenancyId, quantity } },
  ...leaf.map(({ loader }) => ({ loader, params: { tenancyId, quantity } })),
];

const delayMs = 800;

/** The heat overview page (layout, frame and chart loaders), every call answered after `delay` ms. */
function loadHeatOverview(delay: number, cookie?: string | null) {
  return loadPage(
    `/t/${tenancyId}/consumption/heat-energy`,
    quantityPage("heat-energy", overview as { loader: Loader }),
    delay,
    cookie,
  );
}

function expectLoaded(outcomes: PromiseSettledResult<unknown>[]) {
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") throw new Error(`a loader failed: ${JSON.stringify(outcome.reason)}`);
  }
}

/**
 * How much the delay adds to the page: its time with the slow back-end less its time without a
 * delay (what the back-end and the render cost the machine, which runs both here).
 */
async function addedByDelay(path: string, loaders: { loader: Loader; params: Record<string, string> }[]) {
  const baseline = await loadPage(path, loaders, 0);
  expectLoaded(baseline.outcomes);
  const slow = await loadPage(path, loaders, delayMs);
  expectLoaded(slow.outcomes);
  return { ...slow, addedMs: slow.elapsedMs - baseline.elapsedMs };
}

/** Every call started before the first answer came back: none of them waited for another. */
function expectNoWaterfall(calls: Call[]) {
  const firstAnswer = Math.min(...calls.map((call) => call.answeredAt));
  const late = calls
    .filter((call) => call.startedAt >= firstAnswer)
    .map((call) => `${call.operation} at ${Math.round(call.startedAt)} ms`);
  expect(late, "calls that waited for another call's answer").toEqual([]);
}

describe("a consumption page with every back-end call answered after a delay", () => {
  it("loads the overview (layout, frame and chart loaders) in about one delay", async () => {
    const page = await addedByDelay(
      `/t/${tenancyId}/consumption/heat-energy`,
      quantityPage("heat-energy", overview as { loader: Loader }),
    );
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });

  it("loads the detailed tab of a one-day period (hourly chart, table) in about one delay", async () => {
    const page = await addedByDelay(
      `/t/${tenancyId}/consumption/electricity-energy?from=2026-03-29&to=2026-03-29&compare=previous-period&tab=detailed`,
      quantityPage("electricity-energy", overview as { loader: Loader }),
    );
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });

  it("loads the price and CO2 view in about one delay", async () => {
    const page = await addedByDelay(
      `/t/${tenancyId}/consumption/heat-energy/price?view=co2`,
      quantityPage("heat-energy", price as { loader: Loader }),
    );
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });

  it("loads a meter's page in about one delay once the instance has seen the unit's meters", async () => {
    // The URL names the meter by id, its calls by number: the number seen in an earlier answer of
    // this instance (here the warm-up's) lets the page ask at once (ADR 0021).
    const path = `/t/${tenancyId}/consumption/heat-energy/meter/${heatMeterId}`;
    const page = await addedByDelay(path, [
      ...quantityPage("heat-energy"),
      { loader: meterPage.loader as Loader, params: { tenancyId, quantity: "heat-energy", meterId: heatMeterId } },
    ]);
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });

  it("loads the indoor climate page in about one delay", async () => {
    const page = await addedByDelay(`/t/${tenancyId}/consumption/indoor-climate`, [
      { loader: tenancyLayout.loader as Loader, params: { tenancyId } },
      { loader: indoorClimate.loader as Loader, params: { tenancyId } },
    ]);
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });

  it("asks each question once, however many loaders need the answer", async () => {
    const page = await loadHeatOverview(delayMs);
    expectLoaded(page.outcomes);
    const operations = page.calls.map((call) => call.operation).sort();
    expect(operations).toEqual([...new Set(operations)]);
  });

  it("sends the tenant service one operation: the queries its loaders start together, merged (ADR 0046, 0064)", async () => {
    const page = await loadHeatOverview(delayMs);
    expectLoaded(page.outcomes);
    const tenant = page.calls.filter((call) => new URL(call.url).pathname === "/tenant/graphql");
    expect(tenant).toHaveLength(1);
    // The page's own four (heat by the day has its degree days beside the chart, ADR 0070), and
    // the layout's menu when this instance has seen the tenancy before (earlier tests here), which
    // then starts in the same turn and rides along.
    const own = ["TenantDegreeDays", "TenantGraph", "TenantUnits", "UnitQuantityKpis"];
    const merged = tenant[0]?.operation.split("_").sort() ?? [];
    expect(merged).toEqual(expect.arrayContaining(own));
    expect(merged.filter((name) => name !== "TenancyMenu")).toEqual(own);
  });
});

describe("the dashboard with every back-end call answered after a delay", () => {
  // Its figures depend on the tenancy's meters, which the account service names: a page of the
  // tenancy seen by this instance before (here the warm-up) lets the dashboard start its call at once.
  it("loads in about one delay once the instance has seen a page of the tenancy", async () => {
    const page = await addedByDelay(`/t/${tenancyId}`, [
      { loader: tenancyLayout.loader as Loader, params: { tenancyId } },
      { loader: dashboard.loader as Loader, params: { tenancyId } },
    ]);
    expectNoWaterfall(page.calls);
    expect(page.addedMs).toBeLessThan(delayMs * 1.5);
  });
});

describe("one deadline for the whole page (API_TIMEOUT_MS)", () => {
  it("ends a page whose calls cannot all start at once when the deadline passes, not after a timeout per call", async () => {
    // On an instance that has not seen the unit's meters, the meter page needs them before it can
    // ask for the meter's figures: two calls in a row, each well within the timeout, together beyond it.
    forgetHints();
    const slow = timeoutMs * 0.6;
    const page = await loadPage(
      `/t/${tenancyId}/consumption/heat-energy/meter/${heatMeterId}`,
      [{ loader: meterPage.loader as Loader, params: { tenancyId, quantity: "heat-energy", meterId: heatMeterId } }],
      slow,
    );
    expect(page.outcomes[0]).toMatchObject({
      status: "rejected",
      reason: { data: { error: "service_unavailable" }, init: { status: 503 } },
    });
    expect(page.elapsedMs).toBeLessThan(timeoutMs + slow / 2);
  });

  it("still loads a page whose calls all fit in the deadline", async () => {
    const slow = timeoutMs * 0.6;
    const page = await loadHeatOverview(slow);
    expectLoaded(page.outcomes);
  });
});

describe("calls started before the guard has answered", () => {
  const location = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === "rejected" && outcome.reason instanceof Response
      ? `${outcome.reason.status} ${outcome.reason.headers.get("location")}`
      : "loaded";

  it("never give a resident another tenancy's figures, nor sign them out", async () => {
    const other = String(demoTenancyIds.jensFirst);
    const page = await loadPage(
      `/t/${other}/consumption/heat-energy`,
      [
        { loader: tenancyLayout.loader as Loader, params: { tenancyId: other } },
        { loader: consumption.loader as Loader, params: { tenancyId: other, quantity: "heat-energy" } },
        { loader: overview.loader as Loader, params: { tenancyId: other, quantity: "heat-energy" } },
      ],
      50,
    );
    // Every loader sends the resident to their own tenancy (spec section 2, guard rule 4)...
    expect(page.outcomes.map(location)).toEqual([`302 /t/${tenancyId}`, `302 /t/${tenancyId}`, `302 /t/${tenancyId}`]);
    // ...although the back-end was asked about that tenancy (and refused): the session stays. The
    // graph goes in the page's merged operation (ADR 0046); it is sent again alone only when the
    // back-end's refusal happened to name another of its fields first, which depends on timing.
    const asked = page.calls.flatMap((call) => call.operation.split("_"));
    expect(asked).toContain("TenantGraph");
    expect(page.setCookies).toEqual([]);
  });

  it("are not sent for a visitor who is not signed in", async () => {
    const page = await loadHeatOverview(50, null);
    expect(page.outcomes.map(location)).toEqual(page.outcomes.map(() => expect.stringMatching(/^302 \/login/)));
    expect(page.calls).toEqual([]);
  });
});
