import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressWithHoles, gzipFilled } from "./gzip-with-holes.server";

function filled(parts: Buffer[], fill: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [fill, part])));
}

/** A page-like text: repeated markup, so that deflate's back-references reach across the holes. */
function pageParts(count: number, seed: number): Buffer[] {
  const parts: Buffer[] = [];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  for (let i = 0; i < count; i++) {
    let text = "";
    const rows = next() % 400;
    for (let r = 0; r < rows; r++)
      text += `<tr><td class="day">${next() % 31}. november</td><td>${next() % 1000},${next() % 100} kWh</td></tr>`;
    parts.push(Buffer.from(`${text}<script nonce="`));
  }
  parts.push(Buffer.from('">ok</script></body></html>æøå'));
  return parts;
}

describe("a gzip with holes", () => {
  it("decompresses to the text with each hole filled, for any fill, across many shapes", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const parts = pageParts(seed % 7, seed);
      const text = compressWithHoles(parts, 24);
      for (let round = 0; round < 3; round++) {
        const fill = Buffer.from(randomBytes(16).toString("base64"));
        expect(gunzipSync(gzipFilled(text, fill)).equals(filled(parts, fill))).toBe(true);
      }
    }
  });

  it("is about as small as compressing the filled text whole", () => {
    const parts = pageParts(6, 7);
    const fill = Buffer.from(randomBytes(16).toString("base64"));
    const whole = gzipSync(filled(parts, fill), { level: 9 }).length;
    const withHoles = gzipFilled(compressWithHoles(parts, fill.length), fill).length;
    // Each hole costs its stored block's 5 bytes and the flush's 5, and breaks no back-reference
    // of the parts after it (they see the text before them as their dictionary).
    expect(withHoles).toBeLessThan(whole + 40 * parts.length);
  });

  it("never lets a part copy from a hole: filling it with the text's own bytes changes nothing else", () => {
    const parts = [Buffer.from('abcabcabc nonce="'), Buffer.from('" abcabcabc nonce="'), Buffer.from('" end')];
    const text = compressWithHoles(parts, 9);
    for (const fill of ["abcabcabc", '" nonce="', "zzzzzzzzz"]) {
      expect(gunzipSync(gzipFilled(text, Buffer.from(fill))).toString()).toBe(
        filled(parts, Buffer.from(fill)).toString(),
      );
    }
  });

  it("takes a text without holes, and texts longer than deflate's window", () => {
    const long = Buffer.from("x".repeat(70_000) + "y".repeat(50_000));
    expect(gunzipSync(gzipFilled(compressWithHoles([long], 0), Buffer.alloc(0))).equals(long)).toBe(true);
    const parts = [long, long, Buffer.from("end")];
    const fill = Buffer.from("0123456789");
    expect(gunzipSync(gzipFilled(compressWithHoles(parts, 10), fill)).equals(filled(parts, fill))).toBe(true);
  });

  it("refuses a fill of another length and a part with a NUL byte", () => {
    const text = compressWithHoles([Buffer.from("a"), Buffer.from("b")], 4);
    expect(() => gzipFilled(text, Buffer.from("abc"))).toThrow(RangeError);
    expect(() => compressWithHoles([Buffer.from("a\0b")], 4)).toThrow(RangeError);
  });
});
