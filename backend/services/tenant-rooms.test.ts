/**
 * Rooms of a unit (ADR 0012): TenantUnit.rooms and the renameRoom mutation, against the demo data.
 * Expected room names come from the seed's plan (db/seed/demo.ts roomsOf), not from the code
 * under test.
 */

import { roomSlug } from "@common/room-slug";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { firstErrorCode, graphql, graphqlData } from "../testing/graphql";
import { createDemoBackend, makeNoraFormerResident, usersTokensOf } from "../testing/setup";
import { errorMessages } from "./errors";
import { hasEnded, isRoomNamed, parseRoomName, roomsOfMeters } from "./tenant-rooms";

/** The clock of this test (a Thursday; Copenhagen date 2025-11-20). */
const NOW = new Date("2025-11-20T10:30:00.000Z");
const ANNA_UNIT = 109;
/** The rooms the seed plans for Anna's unit (3 rooms: living room, two bedrooms, kitchen, bath). */
const annaRooms = ["Stue", "Soveværelse", "Værelse", "Køkken", "Bad"];

let backend: Backend;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
  await makeNoraFormerResident(backend.db, NOW);
  tokens = await usersTokensOf(backend, ["anna", "jens", "mette", "nora", "emma"]);
}, 120_000);
afterAll(() => backend?.close());

/** The room names of a unit's meters as stored, with how many meters are in each. */
async function storedRooms(unitId: number): Promise<Map<string | null, number>> {
  const rows = await backend.db.selectFrom("meters").select("room_name").where("unit_id", "=", unitId).execute();
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.room_name, (counts.get(row.room_name) ?? 0) + 1);
  return counts;
}

/** Puts a unit's meters back in the rooms they had (each test starts from the seed's names). */
async function restoreRooms(snapshot: { id: number; room_name: string | null }[]) {
  for (const meter of snapshot) {
    await backend.db.updateTable("meters").set({ room_name: meter.room_name }).where("id", "=", meter.id).execute();
  }
}

const renameMutation = /* GraphQL */ `
  mutation RenameRoom($input: RenameRoomInput!) {
    renameRoom(input: $input) { name slug }
  }
`;

function rename(user: string | undefined, input: { tenancyId: number; roomName: string; newName: string }) {
  return graphql<{ renameRoom: { name: string; slug: string } }>(backend, "tenant", renameMutation, {
    token: user === undefined ? undefined : tokens[user],
    variables: { input },
  });
}

const roomsQuery = /* GraphQL */ `
  query Rooms { tenantUnits { objectDetails { unit { id } } rooms { name slug } } }
`;

async function roomsOf(user: string, unitId: number) {
  const data = await graphqlData<{
    tenantUnits: { objectDetails: { unit: { id: string } }; rooms: { name: string; slug: string }[] }[];
  }>(backend, "tenant", roomsQuery, { token: tokens[user] });
  const unit = data.tenantUnits.find((candidate) => candidate.objectDetails.unit.id === String(unitId));
  if (unit === undefined) throw new Error(`${user} does not see unit ${unitId}`);
  return unit.rooms;
}

let annaSnapshot: { id: number; room_name: string | null }[] = [];
let jensSecondSnapshot: { id: number; room_name: string | null }[] = [];
beforeAll(async () => {
  annaSnapshot = await backend.db
    .selectFrom("meters")
    .select(["id", "room_name"])
    .where("unit_id", "=", ANNA_UNIT)
    .execute();
  jensSecondSnapshot = await backend.db
    .selectFrom("meters")
    .select(["id", "room_name"])
    .where("unit_id", "=", 122)
    .execute();
});
beforeEach(async () => {
  await restoreRooms(annaSnapshot);
  await restoreRooms(jensSecondSnapshot);
});

// ---------------------------------------------------------------------------------------------

describe("TenantUnit.rooms", () => {
  it("lists the unit's distinct room names with their slugs, sorted by name in Danish order", async () => {
    const rooms = await roomsOf("anna", ANNA_UNIT);
    expect(rooms).toEqual([
      { name: "Bad", slug: "bad" },
      { name: "Køkken", slug: "koekken" },
      { name: "Soveværelse", slug: "sovevaerelse" },
      { name: "Stue", slug: "stue" },
      { name: "Værelse", slug: "vaerelse" },
    ]);
    expect(new Set(rooms.map((room) => room.name))).toEqual(new Set(annaRooms));
    expect([...(await storedRooms(ANNA_UNIT)).keys()].filter((name) => name !== null).sort()).toEqual(
      [...annaRooms].sort(),
    );
  });

  it("shows each resident only the rooms of their own units", async () => {
    const rooms = await roomsOf("jens", 122);
    expect(rooms.map((room) => room.name)).toEqual(["Bad", "Køkken", "Stue"]);
    await expect(roomsOf("jens", ANNA_UNIT)).rejects.toThrow(/does not see/);
  });
});

describe("renameRoom", () => {
  it("needs a token", async () => {
    expect(
      firstErrorCode(
        await rename(undefined, { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName: "Dagligstue" }),
      ),
    ).toBe("UNAUTHENTICATED");
  });

  it("renames the room on every meter of the unit in it, and only there", async () => {
    const before = await storedRooms(ANNA_UNIT);
    const otherUnitBefore = await storedRooms(119);
    const result = await rename("anna", {
      tenancyId: demoTenancyIds.anna,
      roomName: "Soveværelse",
      newName: "  Børneværelse ",
    });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.renameRoom).toEqual({ name: "Børneværelse", slug: "boernevaerelse" });

    const after = await storedRooms(ANNA_UNIT);
    expect(after.has("Soveværelse")).toBe(false);
    // hca, indoor temperature and humidity of the bedroom: all moved, none lost.
    expect(before.get("Soveværelse")).toBeGreaterThanOrEqual(3);
    expect(after.get("Børneværelse")).toBe(before.get("Soveværelse"));
    for (const name of ["Stue", "Værelse", "Køkken", "Bad", null])
      expect(after.get(name), String(name)).toBe(before.get(name));
    // Another unit's "Soveværelse" is not the caller's room.
    expect(await storedRooms(119)).toEqual(otherUnitBefore);

    expect((await roomsOf("anna", ANNA_UNIT)).map((room) => room.name)).toEqual([
      "Bad",
      "Børneværelse",
      "Køkken",
      "Stue",
      "Værelse",
    ]);
  });

  it("finds the room by its slug, and the consumption queries find it under its new slug only", async () => {
    const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "vaerelse", newName: "Kontor" });
    expect(result.body.data?.renameRoom).toEqual({ name: "Kontor", slug: "kontor" });
    const graphOf = (roomName: string) =>
      graphql(backend, "tenant", `query G($g: TenantGraphInput!) { tenantGraph(graph: $g) { timestamps } }`, {
        token: tokens.anna,
        variables: {
          g: {
            tenancyId: demoTenancyIds.anna,
            quantities: ["hca"],
            resolution: "DAILY",
            periodBegin: "2025-11-01T00:00:00",
            periodEnd: "2025-11-02T00:00:00",
            roomName,
          },
        },
      });
    expect((await graphOf("kontor")).body.errors).toBeUndefined();
    expect(firstErrorCode(await graphOf("vaerelse"))).toBe("BAD_USER_INPUT");
  });

  it("lets any member rename, not only the tenancy's admin, and the co-tenant sees the new name", async () => {
    // Jens is a plain member of his second tenancy; Mette is its admin.
    const result = await rename("jens", {
      tenancyId: demoTenancyIds.jensSecond,
      roomName: "Stue",
      newName: "Opholdsstue",
    });
    expect(result.body.data?.renameRoom).toEqual({ name: "Opholdsstue", slug: "opholdsstue" });
    expect((await roomsOf("mette", 122)).map((room) => room.name)).toEqual(["Bad", "Køkken", "Opholdsstue"]);
  });

  it("allows the same name and a change of letter case only", async () => {
    const same = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName: "Stue" });
    expect(same.body.data?.renameRoom).toEqual({ name: "Stue", slug: "stue" });
    const upper = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "stue", newName: "STUE" });
    expect(upper.body.data?.renameRoom).toEqual({ name: "STUE", slug: "stue" });
    expect((await storedRooms(ANNA_UNIT)).has("Stue")).toBe(false);
    expect((await storedRooms(ANNA_UNIT)).get("STUE")).toBeGreaterThan(0);
  });

  describe("FORBIDDEN", () => {
    it("for another resident's tenancy, whatever the room or name", async () => {
      for (const input of [
        { tenancyId: demoTenancyIds.jensFirst, roomName: "Stue", newName: "Dagligstue" },
        { tenancyId: demoTenancyIds.jensFirst, roomName: "Loft", newName: "" },
        { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName: "Dagligstue" },
      ]) {
        const user = input.tenancyId === demoTenancyIds.anna ? "emma" : "anna";
        const result = await rename(user, input);
        expect(firstErrorCode(result), JSON.stringify(input)).toBe("FORBIDDEN");
      }
      expect((await storedRooms(ANNA_UNIT)).get("Stue")).toBeGreaterThan(0);
      expect((await storedRooms(119)).get("Stue")).toBeGreaterThan(0);
    });

    it("for a tenancy id that does not exist", async () => {
      expect(
        firstErrorCode(await rename("anna", { tenancyId: 999_999, roomName: "Stue", newName: "Dagligstue" })),
      ).toBe("FORBIDDEN");
    });

    it("for a resident who has moved out (the tenancy has ended)", async () => {
      // Nora still sees the unit of her ended tenancy, but may no longer change it.
      expect((await roomsOf("nora", ANNA_UNIT)).map((room) => room.name)).toContain("Stue");
      const result = await rename("nora", {
        tenancyId: demoTenancyIds.annaPredecessor,
        roomName: "Stue",
        newName: "Dagligstue",
      });
      expect(firstErrorCode(result)).toBe("FORBIDDEN");
      expect((await storedRooms(ANNA_UNIT)).has("Dagligstue")).toBe(false);
    });
  });

  it("ROOM_NOT_FOUND for a room the unit does not have, a room of another unit, and a blank name", async () => {
    // Anna's unit has no "Værelse 2" (other units of the property do).
    for (const roomName of ["Loft", "Værelse 2", "vaerelse-2", "", "---"]) {
      const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName, newName: "Kontor" });
      expect(firstErrorCode(result), roomName).toBe("ROOM_NOT_FOUND");
      expect(result.body.errors?.[0]?.message).toBe(errorMessages.ROOM_NOT_FOUND);
      expect(result.body.errors?.[0]?.extensions?.field).toBe("roomName");
    }
    expect((await storedRooms(ANNA_UNIT)).has("Kontor")).toBe(false);
  });

  it.each([
    ["empty", "", "EMPTY"],
    ["only spaces", "   \t ", "EMPTY"],
    ["41 characters", `${"Værelse ".repeat(5)}X`, "TOO_LONG"],
    ["41 characters after trimming spaces", ` ${"ø".repeat(41)} `, "TOO_LONG"],
    ["a control character", "Stue\u0007", "CONTROL_CHARACTERS"],
    ["a line break inside", "Stue\nKøkken", "CONTROL_CHARACTERS"],
    ["a bidirectional override", "\u202eeutS", "CONTROL_CHARACTERS"],
    ["no letter or digit", "!?–", "NO_LETTERS_OR_DIGITS"],
  ])("ROOM_NAME_INVALID for a new name that is %s", async (_, newName, reason) => {
    const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName });
    expect(firstErrorCode(result)).toBe("ROOM_NAME_INVALID");
    expect(result.body.errors?.[0]?.message).toBe(errorMessages.ROOM_NAME_INVALID);
    expect(result.body.errors?.[0]?.extensions).toMatchObject({ field: "newName", reason, maxLength: 40 });
    expect((await storedRooms(ANNA_UNIT)).get("Stue")).toBeGreaterThan(0);
  });

  it("accepts a name of exactly 40 characters (counted as characters, not UTF-16 units)", async () => {
    const name = "Å".repeat(38) + "🛏️".slice(0, 2); // 38 + one astral character (2 UTF-16 units) = 39
    expect([...name]).toHaveLength(39);
    const forty = `${name}1`;
    const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName: forty });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.renameRoom.name).toBe(forty);
    expect(result.body.data?.renameRoom.slug).toBe(roomSlug(forty));
  });

  it.each([
    ["another room's name", "Køkken"],
    ["another room's name in other letter case", "KØKKEN"],
    ["a name with another room's slug", "koekken"],
    ["a name with another room's slug, spelled differently", "Køkken!"],
  ])("ROOM_NAME_TAKEN for %s", async (_, newName) => {
    const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "Stue", newName });
    expect(firstErrorCode(result)).toBe("ROOM_NAME_TAKEN");
    expect(result.body.errors?.[0]?.message).toBe(errorMessages.ROOM_NAME_TAKEN);
    expect(result.body.errors?.[0]?.extensions).toMatchObject({ field: "newName", room: "Køkken" });
    expect((await storedRooms(ANNA_UNIT)).get("Stue")).toBeGreaterThan(0);
  });

  it("does not count a room of another unit as taken", async () => {
    // "Værelse 2" exists in other units of the property (4- and 5-room units), not in Anna's.
    const elsewhere = await backend.db
      .selectFrom("meters")
      .select("unit_id")
      .where("room_name", "=", "Værelse 2")
      .executeTakeFirst();
    expect(elsewhere).toBeDefined();
    const result = await rename("anna", { tenancyId: demoTenancyIds.anna, roomName: "Værelse", newName: "Værelse 2" });
    expect(result.body.data?.renameRoom).toEqual({ name: "Værelse 2", slug: "vaerelse-2" });
  });
});

// ---------------------------------------------------------------------------------------------
// The pure parts

describe("roomsOfMeters", () => {
  it("ignores meters without a room, treats names sharing a slug as one room, sorts in Danish (aa as å, last)", () => {
    const rooms = roomsOfMeters([
      { roomName: null },
      { roomName: "stue" },
      { roomName: "Stue" },
      { roomName: "Værelse 2" },
      { roomName: "Aa-rum" },
      { roomName: "Bad" },
      { roomName: "Bad" },
    ]);
    expect(rooms.map((room) => room.slug)).toEqual(["bad", "stue", "vaerelse-2", "aa-rum"]);
    expect(rooms.filter((room) => room.slug === "stue")).toHaveLength(1);
  });
});

describe("isRoomNamed", () => {
  it("matches the exact name or the slug, never a meter without a room", () => {
    expect(isRoomNamed("Soveværelse", "Soveværelse")).toBe(true);
    expect(isRoomNamed("Soveværelse", "sovevaerelse")).toBe(true);
    expect(isRoomNamed("Soveværelse", "SOVEVÆRELSE")).toBe(true);
    expect(isRoomNamed("Soveværelse", "vaerelse")).toBe(false);
    expect(isRoomNamed(null, "")).toBe(false);
    // A name without letters or digits is found by its exact name only.
    expect(isRoomNamed("!!", "!!")).toBe(true);
    expect(isRoomNamed("!!", "??")).toBe(false);
  });
});

describe("parseRoomName", () => {
  it("trims and composes (NFC) the name, so å typed as a + ring gets the slug aa", () => {
    expect(parseRoomName("  Ga\u030Ardrum ")).toEqual({ name: "Gårdrum", slug: "gaardrum" });
  });
});

describe("hasEnded", () => {
  it("ends after the end date's Copenhagen day, not on it", () => {
    const lateEvening = new Date("2025-11-20T22:30:00.000Z"); // 23:30 in Copenhagen, 20 Nov
    expect(hasEnded({ end_date: null }, lateEvening)).toBe(false);
    expect(hasEnded({ end_date: "2025-11-20" }, lateEvening)).toBe(false);
    expect(hasEnded({ end_date: "2025-11-19" }, lateEvening)).toBe(true);
    const afterMidnight = new Date("2025-11-20T23:30:00.000Z"); // 00:30 in Copenhagen, 21 Nov
    expect(hasEnded({ end_date: "2025-11-20" }, afterMidnight)).toBe(true);
  });
});
