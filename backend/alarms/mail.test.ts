import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../app";
import { evaluateAlarms } from "../jobs/alarm-evaluation";
import { silentLogger } from "../logger";
import { latestMessages } from "../mail/outbox";
import { MAIL_WITHIN_MS, mailPendingNotifications, notificationLine, notificationLink } from "./mail";
import { cold, humid, increase, threshold, zero } from "./mail-fixture";

const portalUrl = "https://portal.example";
/** Numbers and units are joined by no-break spaces; compared here as plain ones. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("a notification in an e-mail", () => {
  it("reads as a sentence in the user's language, with the units and decimals of spec section 9", () => {
    expect(plain(notificationLine(threshold, "en"))).toBe(
      "Heat energy, 14–20 September 2026: 142 kWh, above your limit of 120 kWh",
    );
    expect(plain(notificationLine(threshold, "da"))).toBe(
      "Varmeenergi, 14.–20. september 2026: 142 kWh, over din grænse på 120 kWh",
    );
    expect(plain(notificationLine(zero, "nb"))).toBe(
      "Kaldtvann, 21. november 2026: 0,012 m³ brukt der det ikke skulle være noe",
    );
    expect(plain(notificationLine(increase, "en"))).toMatch(
      /^Heat energy, 14–20 September 2026: 32 ?% more than the period before \(108 kWh\); your limit: 25 ?%$/,
    );
    expect(plain(notificationLine(humid, "da"))).toBe(
      "Luftfugtighed, 21. november 2026: gennemsnit 70 %, over din grænse på 65 %",
    );
    expect(plain(notificationLine(cold, "en"))).toBe(
      "Temperature, 21 November 2026: average 17 °C, below your limit of 18 °C",
    );
  });

  it("links to the notification in the portal", () => {
    expect(notificationLink(portalUrl, threshold)).toBe("https://portal.example/t/7001/notifications/2");
  });
});

describe("the e-mails of a run's new notifications", () => {
  let backend: Backend;
  beforeEach(async () => {
    backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger });
  });
  afterEach(() => backend.close());

  async function firingAlarms(userId: number, tenancyId: number, unitId: number) {
    const rows = await backend.db
      .selectFrom("meters")
      .select(["id", "quantity"])
      .where("unit_id", "=", unitId)
      .execute();
    const meter = (quantity: string) => rows.find((row) => row.quantity === quantity)!.id;
    await backend.db
      .insertInto("consumption_daily")
      .values([
        { meter_id: meter("heat-energy"), day: "2026-11-20", value: 30, weight: 24 },
        { meter_id: meter("cold-water-volume"), day: "2026-11-20", value: 0.05, weight: 24 },
      ])
      .execute();
    const created = "2026-11-20T06:00:00.000Z";
    await backend.db
      .insertInto("alarms")
      .values([
        {
          user_id: userId,
          tenancy_id: tenancyId,
          quantity: "heat-energy",
          type: "threshold",
          frequency: "day",
          level: 20,
          enabled: 1,
          created_at: created,
          updated_at: created,
        },
        {
          user_id: userId,
          tenancy_id: tenancyId,
          quantity: "cold-water-volume",
          type: "zero",
          frequency: "day",
          level: 0,
          enabled: 1,
          created_at: created,
          updated_at: created,
        },
      ])
      .execute();
  }

  it("sends one e-mail listing every notification to a user with e-mail notifications on, none to one with them off, and never again", async () => {
    await firingAlarms(20, 7001, 101); // lars, Danish
    await firingAlarms(21, 7002, 102); // karen, e-mail notifications off
    await backend.db.updateTable("users").set({ email_notifications: 0 }).where("id", "=", 21).execute();
    const now = new Date("2026-11-21T06:00:00.000Z");
    const run = await evaluateAlarms(backend.db, now);
    expect(run.notificationIds).toHaveLength(4);
    expect(await mailPendingNotifications(backend.db, backend.mailer, portalUrl, now, "dk")).toEqual({ mails: 1 });

    const mails = await latestMessages(backend.db, { limit: 10 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "lars@demo.test", subject: "Mit Forbrug: 2 nye notifikationer" });
    expect(plain(mails[0]!.text)).toContain("Varmeenergi, 20. november 2026: 30 kWh, over din grænse på 20 kWh");
    expect(mails[0]!.text).toContain(`${portalUrl}/t/7001/notifications/${run.notificationIds[0]}`);
    expect(await latestMessages(backend.db, { to: "karen@demo.test", limit: 10 })).toEqual([]);

    // Mailing again sends nothing: each was claimed once.
    expect(await mailPendingNotifications(backend.db, backend.mailer, portalUrl, now, "dk")).toEqual({ mails: 0 });
    expect(await latestMessages(backend.db, { limit: 10 })).toHaveLength(1);
  });

  it("sends what another run made (a command, another instance), never twice when two send at once, and nothing older than a day", async () => {
    await firingAlarms(20, 7001, 101);
    const now = new Date("2026-11-21T06:00:00.000Z");
    await evaluateAlarms(backend.db, now); // as `npm run alarms:evaluate` would, without a mailer
    const [a, b] = await Promise.all([
      mailPendingNotifications(backend.db, backend.mailer, portalUrl, now, "dk"),
      mailPendingNotifications(backend.db, backend.mailer, portalUrl, now, "dk"),
    ]);
    expect(a.mails + b.mails).toBe(1);
    expect(await latestMessages(backend.db, { limit: 10 })).toHaveLength(1);

    await backend.db.updateTable("notifications").set({ emailed_at: null }).execute();
    const later = new Date(now.getTime() + MAIL_WITHIN_MS + 60_000);
    expect(await mailPendingNotifications(backend.db, backend.mailer, portalUrl, later, "dk")).toEqual({ mails: 0 });
  });

  it("gives its claims back when the e-mail cannot be sent, so the next run sends it", async () => {
    await firingAlarms(20, 7001, 101);
    const now = new Date("2026-11-21T06:00:00.000Z");
    await evaluateAlarms(backend.db, now);
    const failing = { send: async () => Promise.reject(new Error("SMTP down")) };
    await expect(mailPendingNotifications(backend.db, failing as never, portalUrl, now, "dk")).rejects.toThrow(
      "SMTP down",
    );
    expect(
      await backend.db.selectFrom("notifications").select("emailed_at").where("emailed_at", "is not", null).execute(),
    ).toEqual([]);
    expect(await mailPendingNotifications(backend.db, backend.mailer, portalUrl, now, "dk")).toEqual({ mails: 1 });
  });
});
