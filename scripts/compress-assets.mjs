/**
 * `node scripts/compress-assets.mjs [DIR]`, the step of `npm run build` after the browser's build
 * (ADR 0078): every script, stylesheet and SVG under DIR (build/client) gets a brotli copy at
 * quality 11 (file.br) and a gzip copy at level 9 (file.gz) beside it, which server.ts sends as they
 * are (express-static-gzip). Without them the compression middleware compressed each of a page's
 * 30-odd files again on every request, at brotli's quality 4: about 20 ms more portal CPU per page
 * opened with an empty cache, and 135 instead of 115 KB (the dashboard's 36 files, 2026-12-03).
 *
 * It runs after `remix vite:build` as a whole, not as a Vite plugin, because Remix writes the
 * browser's route manifest (assets/manifest-*.js, 46 KB, on every page) during the server build,
 * after the client build's plugins have run. A copy that would not be smaller is not written (the
 * empty route chunks); the server then sends the file itself.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files worth a compressed copy: text the browser fetches, by extension. */
export const compressible = /\.(?:js|css|svg)$/;

/** The copies made of one file, each only if smaller than the file. */
export const encodings = [
  {
    extension: ".br",
    compress: (/** @type {Buffer} */ data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: ".gz", compress: (/** @type {Buffer} */ data) => gzipAsync(data, { level: 9 }) },
];

/**
 * Writes the compressed copies of every compressible file under `dir`.
 * @param {string} dir
 * @returns {Promise<{ files: number, written: number, bytes: number, compressedBytes: number }>}
 *   files compressed, copies written, and the files' and their brotli copies' sizes in all
 */
export async function compressAssets(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const totals = { files: files.length, written: 0, bytes: 0, compressedBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      totals.bytes += data.length;
      for (const { extension, compress } of encodings) {
        const compressed = await compress(data);
        const smaller = compressed.length < data.length;
        if (extension === ".br") totals.compressedBytes += smaller ? compressed.length : data.length;
        if (!smaller) continue;
        await writeFile(file + extension, compressed);
        totals.written++;
      }
    }),
  );
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? "build/client");
  const started = Date.now();
  const { files, written, bytes, compressedBytes } = await compressAssets(dir);
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `compressed ${files} files of ${path.relative(process.cwd(), dir) || "."} (${kb(bytes)}, ${kb(compressedBytes)} brotli): ${written} copies in ${Date.now() - started} ms`,
  );
}
