import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A gzip of a text compressed once, whose holes are filled with other bytes on each use, without
 * compressing it again: for a rendered page kept in memory (rendered-pages.server.ts), whose only
 * difference from one response to the next is its CSP nonce, a random value of fixed length.
 *
 * Deflate (RFC 1951) is a sequence of blocks, and a back-reference may reach into the previous
 * 32 KB of the *output*, whatever block wrote it. So each part of the text between two holes is
 * compressed on its own, with the text before it as a preset dictionary, and flushed to a byte
 * boundary; the holes in that dictionary are NUL bytes, which no page holds (ADR 0024), so no
 * back-reference can copy from a hole and whatever fills it later cannot change what the parts
 * decode to. Each hole is sent as a stored (uncompressed) block. The gzip trailer's CRC-32 is
 * computed over the filled text on each use (zlib.crc32, native). The result is as small as
 * compressing the whole text at once, to within a few bytes per hole.
 */

export interface GzipWithHoles {
  /** Each part's deflate blocks, every one flushed to a byte boundary; the last one ends the stream. */
  readonly blocks: readonly Buffer[];
  /** The text's parts between the holes, for the trailer's CRC-32. */
  readonly parts: readonly Buffer[];
  /** The CRC-32 of the first part, which no hole precedes. */
  readonly firstCrc: number;
  readonly holeLength: number;
  /** The whole text's length, holes included. */
  readonly length: number;
}

/** The deflate window: a back-reference reaches at most this far back. */
const window = 32 * 1024;

/** The longest stored block deflate allows. */
const longestStored = 0xffff;

/**
 * Compresses `parts` (the text's bytes between its holes, in order, at least one) once, for holes
 * of `holeLength` bytes each. None of the parts may hold a NUL byte.
 */
export function compressWithHoles(parts: readonly Buffer[], holeLength: number, level = 9): GzipWithHoles {
  if (parts.length === 0) throw new RangeError("a text has at least one part");
  if (holeLength > longestStored) throw new RangeError(`a hole is at most ${longestStored} bytes`);
  const hole = Buffer.alloc(holeLength);
  const blocks: Buffer[] = [];
  /** The text so far, holes as NUL bytes: what the decoder will have written, less the holes. */
  let before = Buffer.alloc(0);
  parts.forEach((part, i) => {
    if (part.includes(0)) throw new RangeError("a part of a text with holes holds a NUL byte");
    const last = i === parts.length - 1;
    blocks.push(
      deflateRawSync(part, {
        level,
        ...(before.length > 0 ? { dictionary: before.subarray(Math.max(0, before.length - window)) } : {}),
        finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      }),
    );
    if (!last) {
      before = Buffer.concat([before.subarray(Math.max(0, before.length - window)), part, hole]);
    }
  });
  const length = parts.reduce((sum, part) => sum + part.length, 0) + holeLength * (parts.length - 1);
  return { blocks, parts, firstCrc: crc32(parts[0] as Buffer), holeLength, length };
}

/** gzip's header: deflate, no name or time, no extra flags, unknown system. */
const header = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** The gzip of the text with every hole filled with `fill` (exactly `holeLength` bytes). */
export function gzipFilled(text: GzipWithHoles, fill: Buffer): Buffer<ArrayBuffer> {
  if (fill.length !== text.holeLength)
    throw new RangeError(`a hole takes ${text.holeLength} bytes, not ${fill.length}`);
  const storedHeader = Buffer.from([
    0x00,
    fill.length & 0xff,
    fill.length >> 8,
    ~fill.length & 0xff,
    (~fill.length >> 8) & 0xff,
  ]);
  const pieces: Buffer[] = [header];
  let crc = text.firstCrc;
  text.blocks.forEach((block, i) => {
    if (i > 0) {
      pieces.push(storedHeader, fill);
      crc = crc32(text.parts[i] as Buffer, crc32(fill, crc));
    }
    pieces.push(block);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(text.length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces) as Buffer<ArrayBuffer>;
}
