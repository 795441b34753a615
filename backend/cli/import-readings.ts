/**
 * `npm run import:readings -- FILE.csv`: imports meter readings into DATA_DIR/portal.sqlite
 * (default ./data). See consumption/import.ts for the format. Exit code 0 when applied (or
 * nothing new), 1 when any row is bad (then nothing is applied), 2 on a usage error. New readings
 * are evaluated against the alarms at once (a closed period they complete may fire); the running
 * back-end e-mails the notifications on its next run (backend/alarms/mail.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { importReadings } from "../consumption/import";
import { createDatabase, migrateToLatest } from "../db/database";
import { evaluateAlarms } from "../jobs/alarm-evaluation";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (file === undefined || process.argv.length > 3) {
    console.error("usage: npm run import:readings -- FILE.csv   (header: meter_number,timestamp,value)");
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`no such file: ${file}`);
    return 2;
  }
  const databasePath = join(resolve(process.env.DATA_DIR ?? "./data"), "portal.sqlite");
  if (!existsSync(databasePath)) {
    console.error(`no database at ${databasePath} (start the back-end once, or set DATA_DIR)`);
    return 2;
  }
  const db = createDatabase(databasePath);
  try {
    await migrateToLatest(db);
    const result = await importReadings(db, readFileSync(file, "utf8"), new Date());
    if (result.problems.length > 0) {
      for (const problem of result.problems) console.error(`${file}:${problem.line}: ${problem.reason}`);
      console.error(`${result.problems.length} bad row(s); nothing was imported.`);
      return 1;
    }
    console.log(
      `imported ${result.written} reading(s) of ${result.meters} meter(s); ${result.unchanged} already stored.`,
    );
    if (result.written > 0) {
      const run = await evaluateAlarms(db, new Date());
      console.log(`alarms: evaluated ${run.evaluated} period(s), ${run.notificationIds.length} new notification(s).`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("import failed:", error);
    process.exit(1);
  },
);
