/**
 * Rooms of a unit (ADR 0012). A room is not a table of its own: it is the `room_name` that the
 * unit's meters share, addressed in URLs and in `roomName` arguments by its slug
 * (common/room-slug.ts). Renaming a room renames it on every meter of the unit, so the unit
 * keeps the name for later tenants too.
 */

import { dayKeyOf } from "@common/calendar";
import { roomNameMaxLength } from "@common/room-name";
import { roomSlug } from "@common/room-slug";
import type { TenancyRow } from "../db/types";
import type { Room } from "../schema/tenant.generated";
import { callerAndTenancy } from "./access";
import type { ServiceContext } from "./context";
import { forbidden, serviceError } from "./errors";

/** Longest room name, in characters (code points) after trimming: the portal form's own limit. */
export const ROOM_NAME_MAX_LENGTH = roomNameMaxLength;

const collator = new Intl.Collator("da");

/**
 * The distinct rooms of a unit's meters, sorted by name (Danish collation). Names that share a
 * slug are one room, shown by the first of them in that order.
 */
export function roomsOfMeters(meters: readonly { roomName: string | null }[]): Room[] {
  const names = [...new Set(meters.map((meter) => meter.roomName).filter((name): name is string => name !== null))];
  names.sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
  const bySlug = new Map<string, Room>();
  for (const name of names) {
    const slug = roomSlug(name);
    // A name without letters or digits has the empty slug: keep each such name apart.
    const key = slug === "" ? `\u0000${name}` : slug;
    if (!bySlug.has(key)) bySlug.set(key, { name, slug });
  }
  return [...bySlug.values()];
}

/** Whether a meter's room is the room the caller named (by its exact name or by its slug). */
export function isRoomNamed(roomName: string | null, wanted: string): boolean {
  if (roomName === null) return false;
  if (roomName === wanted) return true;
  const slug = roomSlug(wanted);
  return slug !== "" && roomSlug(roomName) === slug;
}

// C0/C1 controls, the line and paragraph separators and the bidirectional controls (which can
// make a name read differently from what it is).
const controlCharacters = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export type RoomNameProblem = "EMPTY" | "TOO_LONG" | "CONTROL_CHARACTERS" | "NO_LETTERS_OR_DIGITS";

/** A new room name, trimmed and in NFC, or the problem with it. */
export function parseRoomName(value: string): { name: string; slug: string } | { problem: RoomNameProblem } {
  const name = value.normalize("NFC").trim();
  if (name === "") return { problem: "EMPTY" };
  if ([...name].length > ROOM_NAME_MAX_LENGTH) return { problem: "TOO_LONG" };
  if (controlCharacters.test(name)) return { problem: "CONTROL_CHARACTERS" };
  const slug = roomSlug(name);
  if (slug === "") return { problem: "NO_LETTERS_OR_DIGITS" };
  return { name, slug };
}

/** A tenancy has ended once its end date (its last day) lies before today in Copenhagen. */
export function hasEnded(tenancy: Pick<TenancyRow, "end_date">, now: Date): boolean {
  return tenancy.end_date !== null && tenancy.end_date < dayKeyOf(now.getTime());
}

interface RenameRoomArgs {
  input: { tenancyId: number; roomName: string; newName: string };
}

/**
 * renameRoom: FORBIDDEN unless the caller is a member of a tenancy that has not ended;
 * ROOM_NAME_INVALID for a bad new name; ROOM_NOT_FOUND when no meter of the unit is in the room;
 * ROOM_NAME_TAKEN when another room of the unit has the new name's slug.
 */
async function renameRoom(_: unknown, { input }: RenameRoomArgs, ctx: ServiceContext): Promise<Room> {
  const { tenancy } = await callerAndTenancy(ctx, input.tenancyId);
  // A resident who moved out keeps reading their own period, but no longer changes the unit.
  if (hasEnded(tenancy, ctx.now)) throw forbidden();

  const parsed = parseRoomName(input.newName);
  if ("problem" in parsed) {
    throw serviceError("ROOM_NAME_INVALID", undefined, {
      field: "newName",
      reason: parsed.problem,
      maxLength: ROOM_NAME_MAX_LENGTH,
    });
  }

  return ctx.db.transaction().execute(async (trx) => {
    const meters = await trx
      .selectFrom("meters")
      .select(["id", "room_name"])
      .where("unit_id", "=", tenancy.unit_id)
      .where("room_name", "is not", null)
      .execute();
    const inRoom = meters.filter((meter) => isRoomNamed(meter.room_name, input.roomName));
    if (inRoom.length === 0) throw serviceError("ROOM_NOT_FOUND", undefined, { field: "roomName" });

    const renamed = new Set(inRoom.map((meter) => meter.id));
    const conflict = meters.find((meter) => !renamed.has(meter.id) && roomSlug(meter.room_name!) === parsed.slug);
    if (conflict !== undefined) {
      throw serviceError("ROOM_NAME_TAKEN", undefined, { field: "newName", room: conflict.room_name });
    }

    await trx
      .updateTable("meters")
      .set({ room_name: parsed.name })
      .where("id", "in", [...renamed])
      .execute();
    return { name: parsed.name, slug: parsed.slug };
  });
}

export const tenantRoomMutations = { renameRoom };
