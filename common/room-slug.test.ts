import { describe, expect, it } from "vitest";
import { roomSlug } from "./room-slug";

describe("roomSlug", () => {
  it.each([
    ["Stue", "stue"],
    ["Soveværelse", "sovevaerelse"],
    ["Værelse 2", "vaerelse-2"],
    ["Køkken", "koekken"],
    ["Bad", "bad"],
    ["Gæsteværelse på 1. sal", "gaestevaerelse-paa-1-sal"],
    // The capital letters Æ, Ø, Å are transliterated like the small ones.
    ["ÆBLEHAVE", "aeblehave"],
    ["Øvre Å-rum", "oevre-aa-rum"],
    // Other diacritics are dropped.
    ["Café Müller", "cafe-muller"],
    ["Señor Ångström", "senor-aangstrom"],
    // Every run of other characters becomes one dash, and dashes are trimmed.
    ["  Stue / Køkken  ", "stue-koekken"],
    ["--Værelse__3!!", "vaerelse-3"],
    ["a\tb\nc", "a-b-c"],
    // A name without letters or digits has an empty slug.
    ["", ""],
    ["   ", ""],
    ["!?–", ""],
  ])("%j → %j", (name, slug) => {
    expect(roomSlug(name)).toBe(slug);
  });

  it("ignores letter case, so names differing only in case share a slug", () => {
    expect(roomSlug("SOVEVÆRELSE")).toBe(roomSlug("soveværelse"));
  });

  it("is idempotent: a slug is its own slug", () => {
    for (const name of ["Soveværelse", "Værelse 2", "Gæsteværelse på 1. sal"]) {
      expect(roomSlug(roomSlug(name))).toBe(roomSlug(name));
    }
  });
});
