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
  ])("%s → %s", (name, slug) => {
    expect(roomSlug(name)).toBe(slug);
  });

  it("transliterates the capital letters Æ, Ø, Å like the small ones", () => {
    expect(roomSlug("ÆBLEHAVE")).toBe("aeblehave");
    expect(roomSlug("Øvre Å-rum")).toBe("oevre-aa-rum");
  });

  it("drops other diacritics", () => {
    expect(roomSlug("Café Müller")).toBe("cafe-muller");
    expect(roomSlug("Señor Ångström")).toBe("senor-aangstrom");
  });

  it("turns every run of other characters into one dash and trims dashes", () => {
    expect(roomSlug("  Stue / Køkken  ")).toBe("stue-koekken");
    expect(roomSlug("--Værelse__3!!")).toBe("vaerelse-3");
    expect(roomSlug("a\tb\nc")).toBe("a-b-c");
  });

  it("is empty for a name without letters or digits", () => {
    expect(roomSlug("")).toBe("");
    expect(roomSlug("   ")).toBe("");
    expect(roomSlug("!?–")).toBe("");
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
