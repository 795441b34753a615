import { createCookie } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

/**
 * patches/@remix-run+server-runtime+2.17.5.patch (ADR 0017): cookie values are encoded and decoded
 * with Buffer instead of character-by-character escape loops. The cookies in residents' browsers
 * must read the same, so the patched codec is checked against the original one, copied here from
 * @remix-run/server-runtime 2.17.5 (dist/cookies.js, encodeData, decodeData and their helpers).
 */
function originalEncodeData(value: unknown): string {
  return btoa(myUnescape(encodeURIComponent(JSON.stringify(value))));
}
function originalDecodeData(value: string): unknown {
  try {
    return JSON.parse(decodeURIComponent(myEscape(atob(value))));
  } catch {
    return {};
  }
}
function myEscape(value: string) {
  const str = value.toString();
  let result = "";
  let index = 0;
  let chr, code;
  while (index < str.length) {
    chr = str.charAt(index++);
    if (/[\w*+\-./@]/.exec(chr)) {
      result += chr;
    } else {
      code = chr.charCodeAt(0);
      if (code < 256) result += `%${hex(code, 2)}`;
      else result += `%u${hex(code, 4).toUpperCase()}`;
    }
  }
  return result;
}
function hex(code: number, length: number) {
  let result = code.toString(16);
  while (result.length < length) result = `0${result}`;
  return result;
}
function myUnescape(value: string) {
  const str = value.toString();
  let result = "";
  let index = 0;
  let chr, part;
  while (index < str.length) {
    chr = str.charAt(index++);
    if (chr === "%") {
      if (str.charAt(index) === "u") {
        part = str.slice(index + 1, index + 5);
        if (/^[\da-f]{4}$/i.exec(part)) {
          result += String.fromCharCode(parseInt(part, 16));
          index += 5;
          continue;
        }
      } else {
        part = str.slice(index, index + 2);
        if (/^[\da-f]{2}$/i.exec(part)) {
          result += String.fromCharCode(parseInt(part, 16));
          index += 2;
          continue;
        }
      }
    }
    result += chr;
  }
  return result;
}

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const samples: unknown[] = [
  {},
  { tenancyId: "7009", auth: { type: "email-password" } },
  { text: "Forbrug på én måned: 12,5 m³ — 😀 ₂ \u0000 \u2028 %u00e6 %25 +/=" },
  { lone: "\ud800", pair: "\ud83d\ude00", reversed: "\ude00\ud83d" },
  ["a", 1, 2.5, true, null, { nested: [[]] }],
  "just a string",
  42,
  null,
  undefined,
];

describe("cookie values (patched @remix-run/server-runtime)", () => {
  it("encode exactly as before, and read back what was written", async () => {
    const next = random(17);
    const alphabet = 'aæøåÆ €😀\u0000"\\%/+=-_.~\u00ff\u0100\ud7ff\ue000\uffff';
    for (let i = 0; i < 200; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 40) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join("");
      samples.push({ i, text, list: [text, i / 7] });
    }
    const cookie = createCookie("probe");
    for (const value of samples) {
      const header = await cookie.serialize(value);
      const encoded = decodeURIComponent(header.slice("probe=".length).split(";")[0]!);
      expect(encoded).toBe(originalEncodeData(value));
      expect(await cookie.parse(`probe=${encodeURIComponent(encoded)}`)).toEqual(originalDecodeData(encoded));
    }
  });

  it("read anything else exactly as before: broken base64, broken UTF-8, broken JSON", async () => {
    const cookie = createCookie("probe");
    const utf8 = (bytes: number[]) => Buffer.from(bytes).toString("base64");
    const next = random(5);
    // (An empty value is answered "" by the cookie itself, before any decoding.)
    const values = [
      "e30",
      "e30=",
      "e30==",
      "e3 0=",
      "e30=e30=",
      "!!!!",
      "A===",
      "eyJhIjoxfQ",
      "eyJhIjoiPj4-In0=", // {"a":">>>"} in base64url, which atob refuses
      "eyJhIjoiPz8_In0=",
      utf8([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // a byte-order mark before {}
      utf8([0x22, 0xff, 0x22]), // not UTF-8
      utf8([0x22, 0xed, 0xa0, 0x80, 0x22]), // an encoded surrogate
      utf8([0x22, 0xc0, 0xaf, 0x22]), // an overlong "/"
      utf8([0x22, 0xc3, 0xa6, 0x22]), // "æ"
      Buffer.from("not json").toString("base64"),
      ...Array.from({ length: 300 }, () =>
        Buffer.from(Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * 256))).toString(
          "base64",
        ),
      ),
    ];
    for (const value of values) {
      expect({ value, read: await cookie.parse(`probe=${encodeURIComponent(value)}`) }).toEqual({
        value,
        read: originalDecodeData(value),
      });
    }
  });

  it("read a signed value, and nothing whose signature does not match", async () => {
    const cookie = createCookie("__session", { secrets: ["new-secret", "old-secret"] });
    const old = createCookie("__session", { secrets: ["old-secret"] });
    const value = { tenancyId: "7009", name: "Ærø Søndergård" };
    expect(await cookie.parse(await cookie.serialize(value))).toEqual(value);
    expect(await cookie.parse(await old.serialize(value))).toEqual(value);
    const forged = (await cookie.serialize(value)).replace(/\.[^.;]+;/, ".AAAA;");
    expect(await cookie.parse(forged)).toBeNull();
  });

  it("take the Buffer path for the values cookies carry (the patch is in place)", async () => {
    const cookie = createCookie("__session", { secrets: ["s3cret"] });
    const header = await cookie.serialize({ tenancyId: "7009" });
    const atob = vi.spyOn(globalThis, "atob");
    const btoa = vi.spyOn(globalThis, "btoa");
    try {
      expect(await cookie.parse(header)).toEqual({ tenancyId: "7009" });
      await cookie.serialize({ tenancyId: "7010" });
      expect(atob).not.toHaveBeenCalled();
      expect(btoa).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
