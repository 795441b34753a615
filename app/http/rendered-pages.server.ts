import { createHash } from "node:crypto";
import { RecentlyUsed } from "@common/recently-used";
import { compressWithHoles, type GzipWithHoles, gzipFilled } from "./gzip-with-holes.server";

/**
 * Pages rendered lately, by everything their markup is made of (ADR 0054). React's render of a
 * page is a pure function of the route data (every route's loader data), the URL, the language,
 * the build and the CSP nonce: the loaders read the clock, the session and the back-end, the
 * components only what the loaders returned. A page rendered from the same data, URL, language and
 * build is the same markup but for its nonce, so it is kept with the nonce cut out, and a later
 * request whose data are the same gets it with its own nonce, without rendering.
 *
 * Only a GET's 200 page without errors or action data is kept, and only when its data are plain
 * (strings, numbers, booleans, null, arrays, plain objects, dates): anything else (a Map, a class
 * instance, a promise) might render differently from how it serializes, so that page is rendered
 * every time.
 */

/** What a kept page's key is made of; entry.server.tsx fills it from Remix's entry context. */
export interface PageInputs {
  method: string;
  url: string;
  status: number;
  language: string;
  /** The build's version (the client manifest's): another build renders other markup. */
  build: string;
  /** Every matched route's loader data, by route id, in the order of the matches. */
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: unknown;
}

/** Deeper than any route data: a cycle, or data too odd to be worth keeping a page for. */
const deepest = 64;

/**
 * A text of everything in `value`, or undefined when `value` holds something that is not plain
 * data. Own properties are read whether or not they are enumerable: a chart's drawing is kept out
 * of Remix's encoding that way (ADR 0052) but is part of what the page renders. Strings go with
 * their length first, so no text can pass for another shape.
 */
export function plainDataText(value: unknown): string | undefined {
  let text = "";
  const walk = (node: unknown, depth: number): boolean => {
    switch (typeof node) {
      case "string":
        text += `s${node.length}:${node}`;
        return true;
      case "number":
        text += `d${Object.is(node, -0) ? "-0" : node}`;
        return true;
      case "boolean":
        text += node ? "t" : "f";
        return true;
      case "undefined":
        text += "u";
        return true;
      case "object": {
        if (node === null) {
          text += "n";
          return true;
        }
        if (depth > deepest) return false;
        if (Array.isArray(node)) {
          text += `[${node.length}`;
          for (let i = 0; i < node.length; i++) if (!walk(node[i], depth + 1)) return false;
          return true;
        }
        if (node instanceof Date) {
          text += `D${node.getTime()}`;
          return true;
        }
        const prototype = Object.getPrototypeOf(node);
        if (prototype !== Object.prototype && prototype !== null) return false;
        const record = node as Record<string, unknown>;
        const keys = Object.keys(record);
        const names = Object.getOwnPropertyNames(record);
        if (names.length === keys.length) {
          text += `{${keys.length}`;
          for (const name of keys) {
            text += `s${name.length}:${name}`;
            if (!walk(record[name], depth + 1)) return false;
          }
        } else {
          // Properties Remix's encoding leaves out (ADR 0052): marked, as the page differs by them.
          text += `{${names.length}`;
          for (const name of names) {
            const descriptor = Object.getOwnPropertyDescriptor(record, name);
            if (!descriptor || !("value" in descriptor)) return false;
            text += `${descriptor.enumerable ? "s" : "~"}${name.length}:${name}`;
            if (!walk(descriptor.value, depth + 1)) return false;
          }
        }
        return Object.getOwnPropertySymbols(record).length === 0;
      }
      default:
        return false;
    }
  };
  return walk(value, 0) ? text : undefined;
}

/** The key a page is kept under, or undefined when it is not kept (see the module's comment). */
export function renderedPageKey(inputs: PageInputs): string | undefined {
  if (inputs.method !== "GET" || inputs.status !== 200) return undefined;
  if (inputs.errors !== null && inputs.errors !== undefined) return undefined;
  if (inputs.actionData !== null && inputs.actionData !== undefined) return undefined;
  const data = plainDataText(inputs.loaderData);
  if (data === undefined) return undefined;
  return createHash("sha256")
    .update(JSON.stringify([inputs.build, inputs.url, inputs.language]))
    .update("\u0000")
    .update(data)
    .digest("base64url");
}

/**
 * A page as kept: its bytes cut where its nonce was, and, from its second use on, its gzip with
 * holes for the nonce (gzip-with-holes.server.ts), so a kept page is neither rendered nor
 * compressed again. A page used once is never compressed twice.
 */
export class KeptPage {
  readonly parts: readonly Buffer[];
  readonly nonceLength: number;
  #gzip: GzipWithHoles | undefined;
  #uses = 0;

  /** `page` as rendered for a response whose nonce was `nonce`. */
  constructor(page: Buffer, nonce: string | undefined) {
    const needle = Buffer.from(nonce ?? "");
    this.nonceLength = needle.length;
    const parts: Buffer[] = [];
    let from = 0;
    if (needle.length > 0) {
      for (let at = page.indexOf(needle); at !== -1; at = page.indexOf(needle, from)) {
        parts.push(Buffer.from(page.subarray(from, at)));
        from = at + needle.length;
      }
    }
    parts.push(Buffer.from(page.subarray(from)));
    this.parts = parts;
  }

  get length(): number {
    return this.parts.reduce((sum, part) => sum + part.length, 0) + this.nonceLength * (this.parts.length - 1);
  }

  /** Whether the page can take `nonce` in its nonce's places (the same length, as every nonce of server.ts). */
  fits(nonce: string | undefined): boolean {
    return this.parts.length === 1 || Buffer.byteLength(nonce ?? "") === this.nonceLength;
  }

  /** The page with `nonce` in its nonce's places. */
  withNonce(nonce: string | undefined): Buffer<ArrayBuffer> {
    const needle = Buffer.from(nonce ?? "");
    const pieces: Buffer[] = [];
    this.parts.forEach((part, i) => {
      if (i > 0) pieces.push(needle);
      pieces.push(part);
    });
    return Buffer.concat(pieces) as Buffer<ArrayBuffer>;
  }

  /** The gzip of the page with `nonce` in its nonce's places; compressed on the second call, then kept. */
  gzipWithNonce(nonce: string | undefined): Buffer<ArrayBuffer> | undefined {
    this.#uses += 1;
    if (this.#gzip === undefined && this.#uses < 2) return undefined;
    this.#gzip ??= compressWithHoles(this.parts, this.nonceLength, keptPageGzipLevel);
    return gzipFilled(this.#gzip, Buffer.from(nonce ?? ""));
  }
}

/** Compressed once and sent many times: the smallest gzip, whatever it costs once. */
export const keptPageGzipLevel = 9;

/**
 * The latest rendered pages. 300 pages of at most about 60 KB (a consumption page with its chart
 * and table), with their gzip, are about 22 MB.
 */
export const renderedPages = new RecentlyUsed<string, KeptPage>(300);
