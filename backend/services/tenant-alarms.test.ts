/**
 * The alarms and notifications calls (schema/tenant-alarms.graphql) against the demo data: what a
 * resident may see and change, the validation of an alarm's settings, and that another resident's
 * ids answer NOT_FOUND and change nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { firstErrorCode, graphql, graphqlData } from "../testing/graphql";
import { createDemoBackend, makeNoraFormerResident, userIdOf, usersTokensOf } from "../testing/setup";

/** The clock of this test: Wednesday 25 November 2026, 10:30 in Copenhagen. */
const NOW = new Date("2026-11-25T09:30:00.000Z");
const ANNA = demoTenancyIds.anna;
const JENS = demoTenancyIds.jensFirst;

let backend: Backend;
let tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  await makeNoraFormerResident(backend.db, NOW);
  tokens = await usersTokensOf(backend, ["anna", "jens", "nora"]);
  for (const key of ["anna", "jens", "nora"] as const) {
    userIds[key] = await userIdOf(backend.db, demoAccounts[key].email);
  }
}, 120_000);
afterAll(() => backend?.close());
beforeEach(async () => {
  await backend.db.deleteFrom("notifications").execute();
  await backend.db.deleteFrom("alarms").execute();
});

const alarmFields =
  "id tenancyId quantity metricType type frequency level enabled createdAt updatedAt lastFiredAt lastFiredPeriodStart lastFiredPeriodEnd";
const notificationFields =
  "id tenancyId alarmId kind quantity metricType alarmType frequency direction threshold value comparedValue periodStart periodEnd reportCode createdAt read readAt";

interface AlarmInput {
  tenancyId: number;
  quantity: string;
  type: string;
  frequency: string;
  level?: number | null;
  enabled?: boolean;
}

/** Anna's weekly heat alarm above 40 kWh. */
const annasWeeklyHeat: AlarmInput = {
  tenancyId: ANNA,
  quantity: "heat-energy",
  type: "THRESHOLD",
  frequency: "WEEK",
  level: 40,
};
/** An alarm of Anna's tenancy: its quantity, type, frequency and level, as sent. */
const annasAlarm = (quantity: string, type: string, frequency: string, level?: number | null): AlarmInput => ({
  tenancyId: ANNA,
  quantity,
  type,
  frequency,
  level,
});
/** A daily heat alarm above `level` kWh. */
const dailyHeat = (tenancyId: number, level: number): AlarmInput => ({
  tenancyId,
  quantity: "heat-energy",
  type: "THRESHOLD",
  frequency: "DAY",
  level,
});

const call = <T>(user: string, query: string, variables: Record<string, unknown>) =>
  graphql<T>(backend, "tenant", query, { token: tokens[user], variables });

const create = (user: string, input: AlarmInput) =>
  call<{ createAlarm: Record<string, unknown> }>(
    user,
    `mutation ($input: AlarmInput!) { createAlarm(input: $input) { ${alarmFields} } }`,
    { input },
  );

async function created(user: string, input: AlarmInput): Promise<number> {
  const result = await create(user, input);
  if (result.body.errors) throw new Error(result.text);
  return result.body.data!.createAlarm.id as number;
}

const alarmsOf = async (user: string, tenancyId: number) =>
  (
    await graphqlData<{ alarms: Record<string, unknown>[] }>(
      backend,
      "tenant",
      `query ($t: Int!) { alarms(tenancyId: $t) { ${alarmFields} } }`,
      { token: tokens[user], variables: { t: tenancyId } },
    )
  ).alarms;

async function notification(
  userKey: string,
  tenancyId: number,
  values: Partial<{ read_at: string | null; created_at: string; period_start: string; alarm_id: number | null }> = {},
) {
  const row = await backend.db
    .insertInto("notifications")
    .values({
      user_id: userIds[userKey]!,
      tenancy_id: tenancyId,
      alarm_id: values.alarm_id ?? null,
      kind: "high_consumption",
      quantity: "heat-energy",
      alarm_type: "threshold",
      frequency: "week",
      direction: "above",
      threshold: 40,
      value: 52.5,
      compared_value: null,
      period_start: values.period_start ?? "2026-11-16",
      period_end: "2026-11-22",
      report_code: null,
      created_at: values.created_at ?? "2026-11-23T05:00:00.000Z",
      read_at: values.read_at ?? null,
      emailed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("alarms", () => {
  it("a resident creates, reads, lists, changes and deletes their own alarm", async () => {
    const result = await create("anna", annasWeeklyHeat);
    expect(result.body.errors).toBeUndefined();
    const alarm = result.body.data!.createAlarm;
    expect(alarm).toMatchObject({
      tenancyId: ANNA,
      quantity: "heat-energy",
      metricType: "energy",
      type: "THRESHOLD",
      frequency: "WEEK",
      level: 40,
      enabled: true,
      createdAt: NOW.toISOString(),
      lastFiredAt: null,
    });
    expect(await alarmsOf("anna", ANNA)).toEqual([alarm]);

    const one = await call<{ alarm: Record<string, unknown> }>(
      "anna",
      `query ($t: Int!, $a: Int!) { alarm(tenancyId: $t, alarmId: $a) { ${alarmFields} } }`,
      { t: ANNA, a: alarm.id },
    );
    expect(one.body.data?.alarm).toEqual(alarm);

    const updated = await call<{ updateAlarm: Record<string, unknown> }>(
      "anna",
      `mutation ($a: Int!, $input: AlarmInput!) { updateAlarm(alarmId: $a, input: $input) { ${alarmFields} } }`,
      {
        a: alarm.id,
        input: {
          tenancyId: ANNA,
          quantity: "cold-water-volume",
          type: "COMPARISON",
          frequency: "MONTH",
          level: 25,
          enabled: false,
        },
      },
    );
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data?.updateAlarm).toMatchObject({
      id: alarm.id,
      quantity: "cold-water-volume",
      metricType: "coldwater",
      type: "COMPARISON",
      frequency: "MONTH",
      level: 25,
      enabled: false,
    });

    const deleted = await call<{ deleteAlarm: boolean }>(
      "anna",
      `mutation ($t: Int!, $a: Int!) { deleteAlarm(tenancyId: $t, alarmId: $a) }`,
      { t: ANNA, a: alarm.id },
    );
    expect(deleted.body.data?.deleteAlarm).toBe(true);
    expect(await alarmsOf("anna", ANNA)).toEqual([]);
  });

  it("lists the newest first and says when each last fired", async () => {
    const older = await created("anna", annasWeeklyHeat);
    await backend.db
      .updateTable("alarms")
      .set({ created_at: "2026-11-01T00:00:00.000Z" })
      .where("id", "=", older)
      .execute();
    const newer = await created("anna", annasAlarm("cold-water-volume", "ZERO", "DAY"));
    await notification("anna", ANNA, {
      alarm_id: older,
      period_start: "2026-11-09",
      created_at: "2026-11-16T05:00:00.000Z",
    });
    await notification("anna", ANNA, {
      alarm_id: older,
      period_start: "2026-11-16",
      created_at: "2026-11-23T05:00:00.000Z",
    });
    const list = await alarmsOf("anna", ANNA);
    expect(list.map((alarm) => alarm.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({ type: "ZERO", level: 0, lastFiredAt: null });
    expect(list[1]).toMatchObject({
      lastFiredAt: "2026-11-23T05:00:00.000Z",
      lastFiredPeriodStart: "2026-11-16",
      lastFiredPeriodEnd: "2026-11-22",
    });
  });

  it("stores 0 as the level of a zero-consumption alarm, whatever was sent", async () => {
    const result = await create("anna", annasAlarm("hot-water-volume", "ZERO", "DAY", 12));
    expect(result.body.data?.createAlarm).toMatchObject({ type: "ZERO", level: 0 });
  });

  it.each([
    ["a quantity the unit has no meter of", "gas-volume", "THRESHOLD", 5, "quantity", "quantity_not_measured"],
    ["an unknown quantity", "beer-volume", "THRESHOLD", 5, "quantity", "quantity_not_measured"],
    ["a type the quantity does not take", "heat-energy", "MINIMUM", 5, "type", "type_not_for_quantity"],
    ["a consumption type on indoor climate", "indoor-temperature", "THRESHOLD", 5, "type", "type_not_for_quantity"],
    ["no level", "heat-energy", "THRESHOLD", null, "level", "level_required"],
    ["a negative level", "heat-energy", "THRESHOLD", -3, "level", "level_not_a_number"],
    ["more decimals than the quantity has", "heat-energy", "THRESHOLD", 40.5, "level", "level_decimals"],
    ["a percentage above 1000", "heat-energy", "COMPARISON", 1001, "level", "level_range"],
    ["a fractional percentage", "heat-energy", "COMPARISON", 10.5, "level", "level_decimals"],
    ["an indoor temperature of 60 °C", "indoor-temperature", "MAXIMUM", 60, "level", "level_range"],
    ["a humidity of 100 %", "indoor-relative-humidity", "MAXIMUM", 100, "level", "level_range"],
  ])("refuses %s (ALARM_INVALID on the field, with the reason)", async (_, quantity, type, level, field, reason) => {
    const result = await create("anna", annasAlarm(quantity, type, "MONTH", level));
    expect(firstErrorCode(result)).toBe("ALARM_INVALID");
    expect(result.body.errors?.[0]?.extensions).toMatchObject({ field, reason: reason.toUpperCase() });
    expect(await alarmsOf("anna", ANNA)).toEqual([]);
  });

  it("gives the numbers of a range error", async () => {
    const result = await create("anna", annasAlarm("indoor-relative-humidity", "MAXIMUM", "DAY", 0));
    expect(result.body.errors?.[0]?.extensions).toMatchObject({
      reason: "LEVEL_RANGE",
      values: { min: 1, max: 99 },
    });
  });

  it("answers FORBIDDEN on a tenancy the caller does not hold, and without a token UNAUTHENTICATED", async () => {
    expect(firstErrorCode(await create("jens", dailyHeat(ANNA, 5)))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("jens", `query { alarms(tenancyId: ${ANNA}) { id } }`, {}))).toBe("FORBIDDEN");
    expect(firstErrorCode(await call("jens", `query { unreadNotificationCount(tenancyId: ${ANNA}) }`, {}))).toBe(
      "FORBIDDEN",
    );
    const anonymous = await graphql(backend, "tenant", `query { alarms(tenancyId: ${ANNA}) { id } }`);
    expect(firstErrorCode(anonymous)).toBe("UNAUTHENTICATED");
    expect(await alarmsOf("anna", ANNA)).toEqual([]);
  });

  it("answers ALARM_NOT_FOUND for another resident's alarm id, on any tenancy, and changes nothing", async () => {
    const annas = await created("anna", annasWeeklyHeat);
    const before = await alarmsOf("anna", ANNA);
    const input = dailyHeat(JENS, 1);
    const attempts = [
      call("jens", `query ($a: Int!) { alarm(tenancyId: ${JENS}, alarmId: $a) { id } }`, { a: annas }),
      call("jens", `mutation ($a: Int!, $input: AlarmInput!) { updateAlarm(alarmId: $a, input: $input) { id } }`, {
        a: annas,
        input,
      }),
      call("jens", `mutation ($a: Int!) { deleteAlarm(tenancyId: ${JENS}, alarmId: $a) }`, { a: annas }),
      call("anna", `query { alarm(tenancyId: ${ANNA}, alarmId: 999999) { id } }`, {}),
      call("anna", `query { alarm(tenancyId: ${ANNA}, alarmId: -1) { id } }`, {}),
    ];
    for (const result of await Promise.all(attempts)) expect(firstErrorCode(result)).toBe("ALARM_NOT_FOUND");
    expect(await alarmsOf("anna", ANNA)).toEqual(before);
  });

  it("re-evaluates a changed alarm from the period it was changed in (its old evaluations go)", async () => {
    const id = await created("anna", dailyHeat(ANNA, 40));
    await backend.db
      .insertInto("alarm_evaluations")
      .values({
        alarm_id: id,
        period_start: "2026-11-24",
        period_end: "2026-11-24",
        evaluated_at: NOW.toISOString(),
        values_seen: 24,
        fired: 0,
      })
      .execute();
    await call("anna", `mutation ($a: Int!, $input: AlarmInput!) { updateAlarm(alarmId: $a, input: $input) { id } }`, {
      a: id,
      input: dailyHeat(ANNA, 10),
    });
    expect(await backend.db.selectFrom("alarm_evaluations").selectAll().where("alarm_id", "=", id).execute()).toEqual(
      [],
    );
    expect(
      (await backend.db.selectFrom("alarms").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
        .updated_at,
    ).toBe(NOW.toISOString());
  });

  it("lets a resident who moved out read and delete, not create or change (TENANCY_ENDED)", async () => {
    const old = demoTenancyIds.annaPredecessor;
    const meter = await backend.db
      .selectFrom("tenancies")
      .select("unit_id")
      .where("id", "=", old)
      .executeTakeFirstOrThrow();
    expect(meter.unit_id).toBeGreaterThan(0);
    expect(firstErrorCode(await create("nora", dailyHeat(old, 5)))).toBe("TENANCY_ENDED");
    const at = "2023-07-01T00:00:00.000Z";
    const { id } = await backend.db
      .insertInto("alarms")
      .values({
        user_id: userIds.nora!,
        tenancy_id: old,
        quantity: "heat-energy",
        type: "threshold",
        frequency: "day",
        level: 5,
        enabled: 1,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await alarmsOf("nora", old)).map((alarm) => alarm.id)).toEqual([id]);
    const change = await call(
      "nora",
      `mutation ($input: AlarmInput!) { updateAlarm(alarmId: ${id}, input: $input) { id } }`,
      {
        input: dailyHeat(old, 6),
      },
    );
    expect(firstErrorCode(change)).toBe("TENANCY_ENDED");
    expect(
      (await call<{ deleteAlarm: boolean }>("nora", `mutation { deleteAlarm(tenancyId: ${old}, alarmId: ${id}) }`, {}))
        .body.data?.deleteAlarm,
    ).toBe(true);
  });
});

describe("notifications", () => {
  const page = (user: string, tenancyId: number, first?: number) =>
    call<{ notifications: { items: Record<string, unknown>[]; unreadCount: number; totalCount: number } }>(
      user,
      `query ($t: Int!, $f: Int) { notifications(tenancyId: $t, first: $f) { items { ${notificationFields} } unreadCount totalCount } }`,
      { t: tenancyId, f: first },
    );

  it("lists unread first, then newest first, with counts, and only the caller's on that tenancy", async () => {
    const readNewest = await notification("anna", ANNA, {
      read_at: "2026-11-24T08:00:00.000Z",
      created_at: "2026-11-24T05:00:00.000Z",
      period_start: "2026-11-23",
    });
    const unreadOld = await notification("anna", ANNA, {
      created_at: "2026-11-09T05:00:00.000Z",
      period_start: "2026-11-02",
    });
    const unreadNew = await notification("anna", ANNA, {
      created_at: "2026-11-16T05:00:00.000Z",
      period_start: "2026-11-09",
    });
    await notification("jens", JENS);
    const result = await page("anna", ANNA);
    expect(result.body.errors).toBeUndefined();
    const { items, unreadCount, totalCount } = result.body.data!.notifications;
    expect(items.map((item) => item.id)).toEqual([unreadNew, unreadOld, readNewest]);
    expect({ unreadCount, totalCount }).toEqual({ unreadCount: 2, totalCount: 3 });
    expect(items[0]).toMatchObject({
      tenancyId: ANNA,
      kind: "HIGH_CONSUMPTION",
      quantity: "heat-energy",
      metricType: "energy",
      alarmType: "THRESHOLD",
      frequency: "WEEK",
      direction: "ABOVE",
      threshold: 40,
      value: 52.5,
      read: false,
      readAt: null,
    });
    expect((await page("anna", ANNA, 1)).body.data!.notifications.items).toHaveLength(1);
    expect(firstErrorCode(await page("jens", ANNA))).toBe("FORBIDDEN");
  });

  it("marks one read (once), and all read, and counts what is unread", async () => {
    const one = await notification("anna", ANNA);
    const two = await notification("anna", ANNA, { period_start: "2026-11-09" });
    const jens = await notification("jens", JENS);
    const count = async () =>
      (
        await call<{ unreadNotificationCount: number }>(
          "anna",
          `query { unreadNotificationCount(tenancyId: ${ANNA}) }`,
          {},
        )
      ).body.data?.unreadNotificationCount;
    expect(await count()).toBe(2);

    const marked = await call<{ markNotificationRead: { read: boolean; readAt: string } }>(
      "anna",
      `mutation { markNotificationRead(tenancyId: ${ANNA}, notificationId: ${one}) { read readAt } }`,
      {},
    );
    expect(marked.body.data?.markNotificationRead).toEqual({ read: true, readAt: NOW.toISOString() });
    expect(await count()).toBe(1);

    const all = await call<{ markAllNotificationsRead: number }>(
      "anna",
      `mutation { markAllNotificationsRead(tenancyId: ${ANNA}) }`,
      {},
    );
    expect(all.body.data?.markAllNotificationsRead).toBe(1);
    expect(await count()).toBe(0);
    const rows = await backend.db
      .selectFrom("notifications")
      .select(["id", "read_at"])
      .where("id", "in", [one, two, jens])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: one, read_at: NOW.toISOString() },
      { id: two, read_at: NOW.toISOString() },
      { id: jens, read_at: null },
    ]);
  });

  it("answers NOTIFICATION_NOT_FOUND for another resident's notification id and changes nothing", async () => {
    const annas = await notification("anna", ANNA);
    for (const query of [
      `query { notification(tenancyId: ${JENS}, notificationId: ${annas}) { id } }`,
      `mutation { markNotificationRead(tenancyId: ${JENS}, notificationId: ${annas}) { id } }`,
    ]) {
      expect(firstErrorCode(await call("jens", query, {}))).toBe("NOTIFICATION_NOT_FOUND");
    }
    expect(
      firstErrorCode(await call("anna", `query { notification(tenancyId: ${ANNA}, notificationId: 0) { id } }`, {})),
    ).toBe("NOTIFICATION_NOT_FOUND");
    const row = await backend.db
      .selectFrom("notifications")
      .select("read_at")
      .where("id", "=", annas)
      .executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
    const one = await call<{ notification: { id: number } }>(
      "anna",
      `query { notification(tenancyId: ${ANNA}, notificationId: ${annas}) { id read } }`,
      {},
    );
    expect(one.body.data?.notification).toEqual({ id: annas, read: false });
  });

  it("keeps a deleted alarm's notifications, without the link to it", async () => {
    const id = await created("anna", annasWeeklyHeat);
    const kept = await notification("anna", ANNA, { alarm_id: id });
    await call("anna", `mutation { deleteAlarm(tenancyId: ${ANNA}, alarmId: ${id}) }`, {});
    const one = await call<{ notification: { id: number; alarmId: number | null } }>(
      "anna",
      `query { notification(tenancyId: ${ANNA}, notificationId: ${kept}) { id alarmId } }`,
      {},
    );
    expect(one.body.data?.notification).toEqual({ id: kept, alarmId: null });
  });
});
