import { roomNameMaxLength } from "@common/room-name";
import { describe, expect, it } from "vitest";
import { renameRoomSchema } from "./rename-room-form";

const errorsOf = (input: Record<string, unknown>) => {
  const result = renameRoomSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("renameRoomSchema", () => {
  it("accepts a name and trims it", () => {
    expect(renameRoomSchema.parse({ roomName: "stue", newName: "  Dagligstue " })).toEqual({
      roomName: "stue",
      newName: "Dagligstue",
    });
  });
  it("requires a new name", () => {
    expect(errorsOf({ roomName: "stue", newName: "   " })).toEqual(["rooms.error.required"]);
    expect(errorsOf({ roomName: "stue" })).toEqual(["rooms.error.required"]);
  });
  it(`limits names to ${roomNameMaxLength} characters`, () => {
    expect(errorsOf({ roomName: "stue", newName: "x".repeat(roomNameMaxLength) })).toEqual([]);
    expect(errorsOf({ roomName: "stue", newName: "x".repeat(roomNameMaxLength + 1) })).toEqual([
      "rooms.error.too_long",
    ]);
  });
  it("refuses control characters", () => {
    expect(errorsOf({ roomName: "stue", newName: "Stue\u0007" })).toEqual(["rooms.error.invalid"]);
  });
  it("needs the room to rename", () => {
    expect(errorsOf({ newName: "Stue" })).toEqual(["rooms.error.not_found"]);
  });
});
