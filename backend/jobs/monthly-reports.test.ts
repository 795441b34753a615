import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailPendingNotifications } from "../alarms/mail";
import type { Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { latestMessages } from "../mail/outbox";
import { createDemoBackend } from "../testing/setup";
import { generateMonthlyReports, newReportCode, reportMonths } from "./monthly-reports";

describe("reportMonths", () => {
  it("gives the closed months wholly inside the tenancy, at most 12 back, oldest first", () => {
    expect(reportMonths({ start: "2020-01-01", end: null }, "2026-11-25")).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
    ]);
  });

  it("starts a resident who moved in on the 14th with the next month, one who moved in on the 1st with that month", () => {
    expect(reportMonths({ start: "2026-08-14", end: null }, "2026-11-25")).toEqual(["2026-09", "2026-10"]);
    expect(reportMonths({ start: "2026-08-01", end: null }, "2026-11-25")).toEqual(["2026-08", "2026-09", "2026-10"]);
  });

  it("gives none for months outside the tenancy, nor for a month it leaves before its end", () => {
    expect(reportMonths({ start: "2021-01-01", end: "2026-09-15" }, "2026-11-25").at(-1)).toBe("2026-08");
    expect(reportMonths({ start: "2021-01-01", end: "2026-09-30" }, "2026-11-25").at(-1)).toBe("2026-09");
    expect(reportMonths({ start: "2019-01-01", end: "2023-07-31" }, "2026-11-25")).toEqual([]);
    expect(reportMonths({ start: "2026-11-03", end: null }, "2026-11-25")).toEqual([]);
  });

  it("closes a month only when it has ended (the 1st of the next)", () => {
    expect(reportMonths({ start: "2026-01-01", end: null }, "2026-11-01").at(-1)).toBe("2026-10");
    expect(reportMonths({ start: "2026-01-01", end: null }, "2026-10-31").at(-1)).toBe("2026-09");
  });
});

describe("report codes", () => {
  it("are 144 random bits, URL-safe, never the same", () => {
    const codes = new Set(Array.from({ length: 1000 }, newReportCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("generateMonthlyReports", () => {
  let backend: Backend;
  const now = new Date("2026-11-25T06:00:00.000Z");
  beforeAll(async () => {
    backend = await createDemoBackend({ now: () => now });
  }, 60_000);
  afterAll(() => backend?.close());

  it("makes each due report exactly once, however often it runs", async () => {
    const first = await generateMonthlyReports(backend.db, now);
    expect(first.created.length).toBeGreaterThan(0);
    const second = await generateMonthlyReports(backend.db, now);
    expect(second.created).toEqual([]);
    const anna = await backend.db
      .selectFrom("consumption_reports")
      .select(["month", "code", "expires_at"])
      .where("tenancy_id", "=", demoTenancyIds.anna)
      .orderBy("month")
      .execute();
    expect(anna.map((row) => row.month)).toEqual(reportMonths({ start: "2023-08-01", end: null }, "2026-11-25"));
    expect(anna).toHaveLength(12);
    const ended = await backend.db
      .selectFrom("consumption_reports")
      .select("id")
      .where("tenancy_id", "=", demoTenancyIds.annaPredecessor)
      .execute();
    expect(ended).toEqual([]);
    // On 1 December, November has closed: its reports are the only new ones.
    const later = await generateMonthlyReports(backend.db, new Date("2026-12-01T06:00:00.000Z"));
    expect(new Set(later.created.map((row) => row.month))).toEqual(new Set(["2026-11"]));
  });

  it("gives a tenancy that began on the 14th its first report for the next month, and none before", async () => {
    await backend.db
      .insertInto("tenancies")
      .values({
        id: 9914,
        unit_id: 101,
        tenant_name: "Moved in mid-month",
        start_date: "2026-08-14",
        end_date: null,
        use_new_backend: 1,
        billing_period_start: null,
        billing_period_end: null,
        data_availability_start: null,
        data_availability_end: null,
      })
      .execute();
    const run = await generateMonthlyReports(backend.db, now);
    expect(run.created.map((report) => `${report.tenancyId} ${report.month}`)).toEqual([
      "9914 2026-09",
      "9914 2026-10",
    ]);
    expect((await generateMonthlyReports(backend.db, now)).created).toEqual([]);
  });

  it("gives each resident a notification of the last closed month's report, e-mailed to those with e-mail on, once", async () => {
    const reports = await backend.db
      .selectFrom("consumption_reports")
      .select(["id", "tenancy_id", "month", "code"])
      .where("tenancy_id", "=", demoTenancyIds.jensFirst)
      .orderBy("month")
      .execute();
    const members = await backend.db
      .selectFrom("tenancy_members")
      .select("user_id")
      .where("tenancy_id", "=", demoTenancyIds.jensFirst)
      .where("invitation_pending", "=", 0)
      .execute();
    expect(members.length).toBeGreaterThan(0);
    const notes = await backend.db
      .selectFrom("notifications")
      .selectAll()
      .where("tenancy_id", "=", demoTenancyIds.jensFirst)
      .where("kind", "=", "consumption_report")
      .execute();
    // One per resident and report; only the last closed month's of each run is news: October's on
    // 25 November, November's on 1 December (the run of the test before).
    expect(notes).toHaveLength(members.length * reports.length);
    for (const note of notes) {
      const report = reports.find((r) => r.code === note.report_code)!;
      expect(note.period_start).toBe(`${report.month}-01`);
      const news = report.month === "2026-10" || report.month === "2026-11";
      expect(note.read_at === null).toBe(news);
      expect(note.emailed_at === null).toBe(news);
    }

    const october = reports.find((r) => r.month === "2026-10")!;
    const mailNow = new Date("2026-11-25T06:30:00.000Z");
    await mailPendingNotifications(backend.db, backend.mailer, "https://portal.example", mailNow, "dk");
    const jens = await backend.db
      .selectFrom("users")
      .select(["email", "language", "email_notifications"])
      .where("email", "=", "jens@demo.test")
      .executeTakeFirstOrThrow();
    const toJens = await latestMessages(backend.db, { to: jens.email, limit: 20 });
    const codes = reports.map((r) => r.code);
    const reportMails = toJens.filter((mail) => codes.some((code) => mail.text.includes(`/report/${code}`)));
    // October's and November's.
    expect(reportMails).toHaveLength(2);
    expect(reportMails.map((mail) => mail.text).join()).toContain(
      `https://portal.example/report/${october.code}?lng=${jens.language}`,
    );
    expect(reportMails.map((mail) => mail.subject).join()).toMatch(/oktober 2026|October 2026/);
    // Again: nothing more.
    await mailPendingNotifications(backend.db, backend.mailer, "https://portal.example", mailNow, "dk");
    expect(
      (await latestMessages(backend.db, { to: jens.email, limit: 20 })).filter((mail) =>
        codes.some((code) => mail.text.includes(`/report/${code}`)),
      ),
    ).toHaveLength(2);
  });

  it("e-mails no one whose e-mail notifications are off", async () => {
    await backend.db
      .updateTable("users")
      .set({ email_notifications: 0 })
      .where("email", "=", "anna@demo.test")
      .execute();
    const december = new Date("2027-01-02T06:00:00.000Z");
    const run = await generateMonthlyReports(backend.db, december);
    expect(run.created.some((report) => report.tenancyId === demoTenancyIds.anna && report.month === "2026-12")).toBe(
      true,
    );
    await mailPendingNotifications(backend.db, backend.mailer, "https://portal.example", december, "dk");
    const toAnna = await latestMessages(backend.db, { to: "anna@demo.test", limit: 50 });
    expect(toAnna.filter((mail) => /december/i.test(mail.subject))).toEqual([]);
    const toJens = await latestMessages(backend.db, { to: "jens@demo.test", limit: 50 });
    // One for each of Jens's two tenancies.
    expect(toJens.filter((mail) => mail.subject.includes("2026") && /december/i.test(mail.subject))).toHaveLength(2);
  });
});
