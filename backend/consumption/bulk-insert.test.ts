import { describe, expect, it } from "vitest";
import { BinaryCopyRows, copyField, copyLines } from "./bulk-insert";

describe("COPY's text format", () => {
  it("writes numbers as the shortest text that reads back as the same double", () => {
    for (const value of [0, -1.5, 0.1 + 0.2, 1 / 3, 1e21, -1.234e-7, 5e-324, 9_007_199_254_740_991])
      expect(Number(copyField(value))).toBe(value);
    expect(copyField(1_767_225_600)).toBe("1767225600");
  });

  it("writes null as \\N and escapes the characters that end a field or a line", () => {
    expect(copyField(null)).toBe("\\N");
    expect(copyField("2026-01-31")).toBe("2026-01-31");
    expect(copyField("a\\b\tc\nd\re")).toBe("a\\\\b\\tc\\nd\\re");
  });

  it("turns flat rows into lines of tab-separated fields, in chunks that end with whole lines", () => {
    expect([...copyLines(3, [1, 100, 2.5, 1, 200, null])]).toEqual(["1\t100\t2.5\n1\t200\t\\N\n"]);
    const many = Array.from({ length: 300_000 }, (_, index) => [index, "x".repeat(10)]).flat();
    const chunks = [...copyLines(2, many)];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith("\n")).toBe(true);
    expect(chunks.join("").split("\n").length - 1).toBe(300_000);
  });
});

describe("COPY's binary format", () => {
  it("has the signature, each row's field count and lengths, big-endian values and the trailer", () => {
    const rows = new BinaryCopyRows();
    const times = [0, 1_767_225_600, 2 ** 40 + 5, -3_600, Number.MAX_SAFE_INTEGER];
    for (const ts of times) {
      rows.row(3);
      rows.int4(-7);
      rows.int8(ts);
      rows.float8(-0.1);
    }
    const buffer = Buffer.concat([rows.take(), rows.take(true)]);
    expect(buffer.subarray(0, 11).toString("latin1")).toBe("PGCOPY\n\xff\r\n\0");
    expect(buffer.readInt32BE(11)).toBe(0);
    expect(buffer.readInt32BE(15)).toBe(0);
    let offset = 19;
    for (const ts of times) {
      expect(buffer.readInt16BE(offset)).toBe(3);
      expect([buffer.readInt32BE(offset + 2), buffer.readInt32BE(offset + 6)]).toEqual([4, -7]);
      expect([buffer.readInt32BE(offset + 10), buffer.readBigInt64BE(offset + 14)]).toEqual([8, BigInt(ts)]);
      expect([buffer.readInt32BE(offset + 22), buffer.readDoubleBE(offset + 26)]).toEqual([8, -0.1]);
      offset += 34;
    }
    expect(buffer.readInt16BE(offset)).toBe(-1);
    expect(buffer.length).toBe(offset + 2);
  });

  it("is a header and a trailer when there are no rows", () => {
    expect(new BinaryCopyRows().take(true).length).toBe(19 + 2);
  });
});
