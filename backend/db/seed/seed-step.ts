/** What every seed step is given and is: a named, run-once piece of the demo (seed_steps records it). */
import { type QuantityId, quantityDefinition } from "@common/quantities";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database } from "../types";

export interface SeedContext {
  /** The scrypt hash of DEMO_PASSWORD, computed once per seeding run and shared by all users. */
  demoPasswordHash(): Promise<string>;
  /** Writes a file below the back-end's files directory (allocation statements). */
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
}

export interface SeedStep {
  /** Unique and stable, e.g. '0005_readings'. */
  name: string;
  run(db: Transaction<Database>, context: SeedContext): Promise<void>;
}

/** Insert in chunks so no statement exceeds SQLite's bound-parameter limit. */
export async function insertChunked<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunkSize = 200,
): Promise<void> {
  for (let index = 0; index < rows.length; index += chunkSize) {
    await db
      .insertInto(table)
      .values(rows.slice(index, index + chunkSize) as never)
      .execute();
  }
}

/** A unit as the seeds plan it. */
export interface SeedUnit {
  id: number;
  propertyId: number;
  uniqueId: string;
  name: string;
  apartment: string;
  address: string;
  floorArea: number;
  rooms: number;
}

/** A planned unit as a row of the units table: the demo's and tests' own. */
export function unitRow(unit: SeedUnit): Insertable<Database["units"]> {
  return {
    id: unit.id,
    property_id: unit.propertyId,
    unique_id: unit.uniqueId,
    name: unit.name,
    apartment: unit.apartment,
    address: unit.address,
    floor_area: unit.floorArea,
    rooms: unit.rooms,
  };
}

/** A meter as the seeds plan it. */
export interface SeedMeter {
  id: number;
  unitId: number;
  number: string;
  roomName: string | null;
  quantity: QuantityId;
}

/** Writes planned meters: the demo's, those of the other quantities and the daily-only property's, and tests' own. */
export function insertMeters(db: Kysely<Database>, meters: readonly SeedMeter[]): Promise<void> {
  return insertChunked(
    db,
    "meters",
    meters.map((meter) => ({
      id: meter.id,
      unit_id: meter.unitId,
      number: meter.number,
      room_name: meter.roomName,
      quantity: quantityDefinition(meter.quantity).id,
    })),
  );
}
