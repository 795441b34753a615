import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressAssets } from "./compress-assets.mjs";

/** The build's last step (ADR 0078): compressed copies beside the browser's files, for server.ts to send. */
describe("compressAssets", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function tree(files: Record<string, string>) {
    dir = mkdtempSync(path.join(os.tmpdir(), "compress-assets-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
  }

  const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(", ")}];\n`;

  it("writes a brotli and a gzip copy of each script, stylesheet and SVG, in subfolders too, that decompress to the file", async () => {
    tree({
      "assets/route-abc.js": script,
      "assets/app.css": `.a{color:red}\n`.repeat(50),
      "favicon.svg": `<svg>${"<g/>".repeat(40)}</svg>`,
    });
    const totals = await compressAssets(dir);
    expect(totals).toMatchObject({ files: 3, written: 6 });
    for (const name of ["assets/route-abc.js", "assets/app.css", "favicon.svg"]) {
      const file = readFileSync(path.join(dir, name));
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(file), name).toBe(true);
      expect(gunzipSync(gz).equals(file), name).toBe(true);
      expect(br.length, name).toBeLessThan(file.length);
    }
    expect(totals.compressedBytes).toBeLessThan(totals.bytes);
  });

  it("compresses harder than the per-request compression did (brotli quality 4)", async () => {
    tree({ "assets/route-abc.js": script });
    await compressAssets(dir);
    const { brotliCompressSync, constants } = await import("node:zlib");
    const file = readFileSync(path.join(dir, "assets/route-abc.js"));
    const quality4 = brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(readFileSync(path.join(dir, "assets/route-abc.js.br")).length).toBeLessThan(quality4.length);
  });

  it("writes no copy that would not be smaller, and leaves other files alone", async () => {
    tree({ "assets/empty-route.js": "", "assets/tiny.js": "x", "readme.txt": "text ".repeat(100), "image.png": "png" });
    expect(await compressAssets(dir)).toMatchObject({ files: 2, written: 0 });
    for (const name of ["assets/empty-route.js", "assets/tiny.js", "readme.txt", "image.png"]) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });

  it("does not compress its own copies again when run twice", async () => {
    tree({ "assets/route-abc.js": script });
    await compressAssets(dir);
    expect(await compressAssets(dir)).toMatchObject({ files: 1, written: 2 });
    expect(existsSync(path.join(dir, "assets/route-abc.js.br.br"))).toBe(false);
  });
});
