/**
 * Importing real readings from CSV (`npm run import:readings -- FILE.csv`, ADR 0008).
 *
 * Format: a header line `meter_number,timestamp,value` (comma or semicolon), then one reading per
 * line. timestamp is ISO 8601 with an offset or Z (2025-10-26T02:00:00+01:00), or a Copenhagen
 * local time without one (2025-10-26T03:00:00); a local time that does not exist (spring gap) or
 * exists twice (autumn overlap) must carry an offset. value is a decimal number with a dot: the
 * register reading for addition quantities, the sample for average ones.
 *
 * Every row is validated first; any bad row is reported with its line number and reason and
 * nothing is applied. Rows equal to stored readings are skipped, so importing a file twice changes
 * nothing. The rest is written in one transaction, rollups included, all meters at once
 * (ingestReadings); the stored readings the rows are checked against are looked up for all
 * meters at once too.
 *
 * A property's outdoor meter (ADR 0071) is found by its number as any other: a number no home's
 * meter has is looked up among the outdoor meters, whose samples go to their own tables.
 */

import { fromWall, parseLocalDateTime, toWall } from "@common/calendar";
import { type Aggregation, type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { writeOutdoorReadings } from "../weather/outdoor-store";
import { neighbourReadings, readingsInRanges } from "./reading-sets";
import { ingestReadings, type MeterReadings } from "./store";

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportResult {
  problems: ImportProblem[];
  /** Readings written (new or changed). */
  written: number;
  /** Rows identical to a stored reading. */
  unchanged: number;
  meters: number;
}

interface ParsedRow {
  line: number;
  meterNumber: string;
  ts: number;
  value: number;
}

const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch seconds of a CSV timestamp, or the reason it is not one. */
export function parseTimestamp(value: string): number | string {
  if (isoWithOffset.test(value)) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) return `invalid timestamp '${value}'`;
    if (ms % 1000 !== 0) return `timestamp '${value}' has fractions of a second`;
    return ms / 1000;
  }
  const wall = parseLocalDateTime(value);
  if (wall === null)
    return `invalid timestamp '${value}' (expected ISO 8601, e.g. 2025-10-26T03:00:00 or 2025-10-26T02:00:00+01:00)`;
  const instant = fromWall(wall);
  if (toWall(instant) !== wall) return `local time '${value}' does not exist in Copenhagen (daylight-saving gap)`;
  if (toWall(instant + 3_600_000) === wall || toWall(instant - 3_600_000) === wall) {
    return `local time '${value}' occurs twice in Copenhagen (daylight-saving overlap); add an offset`;
  }
  return instant / 1000;
}

export function parseCsv(text: string): { rows: ParsedRow[]; problems: ImportProblem[] } {
  const lines = text.split(/\r?\n/);
  const problems: ImportProblem[] = [];
  const rows: ParsedRow[] = [];
  const header = (lines[0] ?? "").replace(/^\uFEFF/, "").trim();
  const separator = header.includes(";") ? ";" : ",";
  const columns = header.split(separator).map((column) => column.trim().toLowerCase());
  if (columns.join(",") !== "meter_number,timestamp,value") {
    return { rows, problems: [{ line: 1, reason: "the header must be meter_number,timestamp,value" }] };
  }
  for (let index = 1; index < lines.length; index++) {
    const line = index + 1;
    const text = lines[index]!.trim();
    if (text === "") continue;
    const cells = text.split(separator).map((cell) => cell.trim());
    if (cells.length !== 3) {
      problems.push({ line, reason: `expected 3 columns, found ${cells.length}` });
      continue;
    }
    const [meterNumber, timestamp, rawValue] = cells as [string, string, string];
    if (meterNumber === "") {
      problems.push({ line, reason: "meter_number is empty" });
      continue;
    }
    const ts = parseTimestamp(timestamp);
    if (typeof ts === "string") {
      problems.push({ line, reason: ts });
      continue;
    }
    if (!/^-?\d+(\.\d+)?$/.test(rawValue)) {
      problems.push({ line, reason: `value '${rawValue}' is not a decimal number` });
      continue;
    }
    rows.push({ line, meterNumber, ts, value: Number(rawValue) });
  }
  return { rows, problems };
}

export async function importReadings(db: Kysely<Database>, text: string, now: Date): Promise<ImportResult> {
  const { rows, problems } = parseCsv(text);
  const numbers = [...new Set(rows.map((row) => row.meterNumber))];
  const meters =
    numbers.length === 0
      ? []
      : await db.selectFrom("meters").select(["id", "number", "quantity"]).where("number", "in", numbers).execute();
  const meterByNumber = new Map(meters.map((meter) => [meter.number, meter]));
  const outdoorNumbers = numbers.filter((number) => !meterByNumber.has(number));
  const outdoorMeters =
    outdoorNumbers.length === 0
      ? []
      : await db.selectFrom("outdoor_meters").select(["id", "number"]).where("number", "in", outdoorNumbers).execute();
  const outdoorByNumber = new Map(outdoorMeters.map((meter) => [meter.number, meter.id]));
  const nowS = Math.floor(now.getTime() / 1000);

  const byMeter = new Map<number, { aggregation: Aggregation; rows: ParsedRow[] }>();
  const byOutdoorMeter = new Map<number, ParsedRow[]>();
  for (const row of rows) {
    const meter = meterByNumber.get(row.meterNumber);
    const outdoorMeter = outdoorByNumber.get(row.meterNumber);
    if (meter === undefined && outdoorMeter === undefined) {
      problems.push({ line: row.line, reason: `unknown meter number '${row.meterNumber}'` });
      continue;
    }
    if (row.ts > nowS + 300) {
      problems.push({ line: row.line, reason: "timestamp is in the future" });
      continue;
    }
    if (meter === undefined) {
      if (row.value < outdoorRange.min || row.value > outdoorRange.max) {
        problems.push({
          line: row.line,
          reason: `an outdoor temperature must be between ${outdoorRange.min} and ${outdoorRange.max} °C (${row.value})`,
        });
        continue;
      }
      byOutdoorMeter.set(outdoorMeter!, [...(byOutdoorMeter.get(outdoorMeter!) ?? []), row]);
      continue;
    }
    const aggregation = quantityDefinition(meter.quantity as QuantityId).aggregation;
    if (aggregation === "addition" && row.value < 0) {
      problems.push({ line: row.line, reason: `a register reading cannot be negative (${row.value})` });
      continue;
    }
    const entry = byMeter.get(meter.id) ?? { aggregation, rows: [] };
    entry.rows.push(row);
    byMeter.set(meter.id, entry);
  }

  // The stored readings each meter's rows fall among, and for registers the stored reading just
  // before the first and just after the last: two statements for the whole file.
  const entries = [...byMeter].map(([meterId, entry]) => {
    entry.rows.sort((a, b) => a.ts - b.ts || a.line - b.line);
    return { meterId, ...entry, first: entry.rows[0]!.ts, last: entry.rows[entry.rows.length - 1]!.ts };
  });
  const storedByMeter = await readingsInRanges(
    db,
    entries.map(({ meterId, first, last }) => ({ meterId, from: first, to: last })),
  );
  const registers = entries.filter((entry) => entry.aggregation === "addition");
  const around = await neighbourReadings(
    db,
    registers.flatMap(({ meterId, first, last }) => [
      { meterId, side: "before" as const, ts: first },
      { meterId, side: "after" as const, ts: last },
    ]),
  );
  const neighbours = new Map(
    registers.map((entry, index) => [entry.meterId, [around[2 * index], around[2 * index + 1]]]),
  );

  let unchanged = 0;
  const toWrite: MeterReadings[] = [];
  for (const { meterId, aggregation, rows: meterRows } of entries) {
    const stored = new Map((storedByMeter.get(meterId) ?? []).map((reading) => [reading.ts, reading.value]));
    const checked = againstStored(meterRows, stored, problems);
    unchanged += checked.unchanged;
    const fresh = checked.fresh;
    if (aggregation === "addition" && fresh.length > 0) {
      // Registers never go down: check the new readings among the stored ones around them.
      const [before, after] = neighbours.get(meterId) ?? [];
      const merged: { ts: number; value: number; line?: number }[] = [
        ...(before ? [before] : []),
        ...[...stored.entries()].map(([ts, value]) => ({ ts, value })),
        ...fresh.map((row) => ({ ts: row.ts, value: row.value, line: row.line })),
        ...(after ? [after] : []),
      ].sort((a, b) => a.ts - b.ts);
      for (let index = 1; index < merged.length; index++) {
        const a = merged[index - 1]!;
        const b = merged[index]!;
        if (b.value < a.value) {
          const line = b.line ?? a.line;
          problems.push({ line: line ?? 0, reason: `the register goes down from ${a.value} to ${b.value}` });
        }
      }
    }
    if (fresh.length > 0)
      toWrite.push({ meterId, aggregation, readings: fresh.map((row) => ({ ts: row.ts, value: row.value })) });
  }

  const outdoor = await freshOutdoorSamples(db, byOutdoorMeter, problems);
  unchanged += outdoor.unchanged;

  problems.sort((a, b) => a.line - b.line);
  if (problems.length > 0) return { problems, written: 0, unchanged: 0, meters: 0 };
  // The whole file in one transaction, all meters at once: nothing or everything is written.
  await db.transaction().execute(async (trx) => {
    await ingestReadings(trx, toWrite);
    await writeOutdoorReadings(trx, outdoor.toWrite);
  });
  const written = [...toWrite, ...outdoor.toWrite].reduce((sum, meter) => sum + meter.readings.length, 0);
  return { problems, written, unchanged, meters: toWrite.length + outdoor.toWrite.length };
}

/**
 * A meter's rows (in time order) against its stored readings: a second row at the same instant is a
 * problem, a row equal to the stored reading is unchanged, one that differs is a problem, the rest
 * are new.
 */
function againstStored(
  meterRows: readonly ParsedRow[],
  stored: ReadonlyMap<number, number>,
  problems: ImportProblem[],
): { fresh: ParsedRow[]; unchanged: number } {
  const fresh: ParsedRow[] = [];
  let unchanged = 0;
  for (let index = 0; index < meterRows.length; index++) {
    const row = meterRows[index]!;
    const previous = meterRows[index - 1];
    if (previous !== undefined && previous.ts === row.ts) {
      problems.push({ line: row.line, reason: `duplicate of line ${previous.line} (same meter and timestamp)` });
      continue;
    }
    const storedValue = stored.get(row.ts);
    if (storedValue === undefined) fresh.push(row);
    else if (storedValue === row.value) unchanged++;
    else problems.push({ line: row.line, reason: `differs from the stored reading ${storedValue} at that time` });
  }
  return { fresh, unchanged };
}

/** The plausible outdoor temperatures (°C): a value outside is a unit or decimal-point mistake. */
export const outdoorRange = { min: -60, max: 60 } as const;

/**
 * The outdoor samples of the file that are new, checked as a sample meter's: a duplicate within the
 * file or a value that differs from the stored sample at that instant is a problem, an equal one is
 * unchanged.
 */
async function freshOutdoorSamples(
  db: Kysely<Database>,
  byMeter: ReadonlyMap<number, ParsedRow[]>,
  problems: ImportProblem[],
): Promise<{ toWrite: { meterId: number; readings: { ts: number; value: number }[] }[]; unchanged: number }> {
  let unchanged = 0;
  const toWrite: { meterId: number; readings: { ts: number; value: number }[] }[] = [];
  for (const [meterId, meterRows] of byMeter) {
    meterRows.sort((a, b) => a.ts - b.ts || a.line - b.line);
    const stored = new Map(
      (
        await db
          .selectFrom("outdoor_readings")
          .select(["ts", "celsius"])
          .where("meter_id", "=", meterId)
          .where("ts", ">=", meterRows[0]!.ts)
          .where("ts", "<=", meterRows[meterRows.length - 1]!.ts)
          .execute()
      ).map((sample) => [Number(sample.ts), sample.celsius]),
    );
    const checked = againstStored(meterRows, stored, problems);
    unchanged += checked.unchanged;
    if (checked.fresh.length > 0)
      toWrite.push({ meterId, readings: checked.fresh.map((row) => ({ ts: row.ts, value: row.value })) });
  }
  return { toWrite, unchanged };
}
