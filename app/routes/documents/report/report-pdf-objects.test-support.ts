/**
 * Just enough of a PDF reader for the report PDF's tests: the objects of a file as pdfkit writes it
 * (one classic cross-reference table, no object streams, no encryption), each object's dictionary
 * as text and its stream inflated, and the few values the tests look at. Not a general PDF parser.
 */
import { inflateSync } from "node:zlib";

export interface PdfObject {
  id: number;
  /** The object's dictionary (or other value) as written, without its stream's bytes. */
  dict: string;
  stream: Buffer | null;
}

export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const xref = Number(/startxref\s+(\d+)/.exec(text.slice(-100))?.[1]);
  const table = /^xref\s+0 (\d+)\s+/.exec(text.slice(xref));
  if (!table) throw new Error("no cross-reference table");
  const count = Number(table[1]);
  const objects = new Map<number, PdfObject>();
  let at = xref + table[0].length;
  for (let id = 0; id < count; id++, at += 20) {
    const [offset, , kind] = text.slice(at, at + 18).split(" ");
    if (kind !== "n") continue;
    const start = Number(offset);
    const head = new RegExp(`^${id} 0 obj\\s*`).exec(text.slice(start, start + 20));
    if (!head) throw new Error(`object ${id} is not at its offset`);
    const body = start + head[0].length;
    const streamAt = text.indexOf("stream", body);
    const endAt = text.indexOf("endobj", body);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = text.slice(body, streamAt);
      const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1]);
      const dataAt = streamAt + "stream".length + (text[streamAt + 6] === "\r" ? 2 : 1);
      const data = pdf.subarray(dataAt, dataAt + length);
      objects.set(id, { id, dict, stream: /\/Filter\s*\/FlateDecode/.test(dict) ? inflateSync(data) : data });
    } else {
      objects.set(id, { id, dict: text.slice(body, endAt), stream: null });
    }
  }
  return objects;
}

/** A name's value: `/S /Link` → "Link". */
export function nameOf(dict: string, key: string): string | undefined {
  return new RegExp(`/${key}\\s*/([^\\s/<>\\[\\]()]+)`).exec(dict)?.[1];
}

/** A reference's object number: `/P 12 0 R` → 12. */
export function refOf(dict: string, key: string): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict);
  return match ? Number(match[1]) : undefined;
}

/** A text string's value, literal as pdfkit writes them (escaped; UTF-16BE with its mark when not ASCII). */
export function textOf(dict: string, key: string): string | undefined {
  const match = new RegExp(`/${key}\\s*\\(((?:\\\\[\\s\\S]|[^\\\\)])*)\\)`).exec(dict);
  if (!match) return undefined;
  const bytes = match[1]!.replace(/\\([0-7]{1,3}|[\s\S])/g, (_, escaped: string) => {
    if (/^[0-7]/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8));
    return { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" }[escaped] ?? escaped;
  });
  if (!bytes.startsWith("\u00fe\u00ff")) return bytes;
  return Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le");
}

/** The structure element's kids: the element references and the annotation (OBJR) references. */
export function kidsOf(dict: string): { elements: number[]; annotations: number[] } {
  const kids = /\/K\s*(\[[\s\S]*\]|\d+\s+0\s+R|\d+)/.exec(dict)?.[1] ?? "";
  const annotations = [...kids.matchAll(/\/Type\s*\/OBJR\s*\/Obj\s+(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));
  const withoutObjr = kids.replace(/<<[^>]*>>/g, "");
  const elements = [...withoutObjr.matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));
  return { elements, annotations };
}

/** The parent tree's entries (StructTreeRoot /ParentTree, one flat /Nums array as pdfkit writes it). */
export function parentTree(rootDict: string): Map<number, number | number[]> {
  const nums = /\/Nums\s*\[([\s\S]*)\]/.exec(rootDict)?.[1] ?? "";
  const entries = new Map<number, number | number[]>();
  for (const match of nums.matchAll(/(\d+)\s+(\[[^\]]*\]|\d+\s+0\s+R)/g)) {
    const refs = [...match[2]!.matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]));
    entries.set(Number(match[1]), match[2]!.startsWith("[") ? refs : refs[0]!);
  }
  return entries;
}
