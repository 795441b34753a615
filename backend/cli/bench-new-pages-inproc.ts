/**
 * The recorded calls of bench-new-pages.mjs (`record`) answered in this process, without HTTP:
 * `npx tsx backend/cli/bench-new-pages-inproc.ts [--rounds=3] [--concurrency=1]` prints the back-end's
 * CPU per page (process.cpuUsage) of each round. For profiles: `node --cpu-prof --import tsx …`.
 * `--by-shape` then prints, per shape of call (the service and the fields its document asks for:
 * a dashboard's, a consumption page's, the heating page's with its degree days), its share of the
 * calls and its CPU per call, each shape answered on its own after the rounds.
 * `--save-answers=FILE` first answers every call once, in order, on the fresh copy of the data and
 * keeps each answer (status, content type, body) in FILE; `--check-answers=FILE` compares them with
 * a FILE saved before a change instead, prints how many differ and exits with 1 if any does. A
 * change meant to be invisible must leave every answer byte-identical.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { createBackend } from "../app";

const benchDir = process.env.BENCH_DIR ?? "/tmp/bench-new-pages";
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const rounds = Number(option("rounds", "3"));
const concurrency = Number(option("concurrency", "1"));
const recording = JSON.parse(readFileSync(path.join(benchDir, "recording.json"), "utf8")) as {
  pages: number;
  calls: { method: string; path: string; headers: Record<string, string>; body: string }[];
};
const dir = path.join(benchDir, "inproc-data");
rmSync(dir, { recursive: true, force: true });
cpSync(path.join(benchDir, "replay-seed"), dir, { recursive: true });
/** --sql-times: the CPU each statement text took, summed, printed at the end. */
const sqlTimes = new Map<string, [number, number]>();
if (process.argv.includes("--sql-times")) {
  const proto = Object.getPrototypeOf(new SQLite(":memory:").prepare("select 1"));
  for (const name of ["all", "get", "run"]) {
    const original = proto[name];
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      const t = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const used = process.cpuUsage(t);
        const entry = sqlTimes.get(this.source) ?? [0, 0];
        entry[0] += (used.user + used.system) / 1000;
        entry[1]++;
        sqlTimes.set(this.source, entry);
      }
    };
  }
}
const silent = { debug() {}, info() {}, warn() {}, error: console.error };
const backend = await createBackend({
  databasePath: path.join(dir, "portal.sqlite"),
  jwtSecret: readFileSync(path.join(dir, "jwt-secret"), "utf8").trim(),
  accessTokenTtlSeconds: 86_400,
  production: true,
  logger: silent,
});

type Answer = { status: number; type: string | null; body: string };

async function run(calls: typeof recording.calls, answers?: Answer[]): Promise<number> {
  let i = 0;
  let errors = 0;
  const worker = async () => {
    while (i < calls.length) {
      const call = calls[i++];
      if (call === undefined) break;
      const headers = { ...call.headers };
      delete headers["content-length"];
      // As server.ts makes it: the services' own Request class, the body as the buffer read.
      const response = await backend.fetch(
        new backend.Request(`http://127.0.0.1${call.path}`, {
          method: call.method,
          headers,
          body: call.method === "GET" ? undefined : (Buffer.from(call.body) as Uint8Array<ArrayBuffer>),
        }),
      );
      const text = await response.text();
      if (!response.ok || text.includes('"errors"')) errors++;
      answers?.push({ status: response.status, type: response.headers.get("content-type"), body: text });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return errors;
}

// --only=REGEX: just the calls whose body matches (their CPU per call is printed too).
const only = option("only", "");
if (only) recording.calls = recording.calls.filter((call) => new RegExp(only).test(call.body));
const saveAnswers = option("save-answers", "");
const checkAnswers = option("check-answers", "");
if (saveAnswers || checkAnswers) {
  if (concurrency !== 1) throw new Error("answers are kept in order: --concurrency=1");
  const answers: Answer[] = [];
  await run(recording.calls, answers);
  if (saveAnswers) {
    writeFileSync(saveAnswers, JSON.stringify(answers));
    console.log(`${answers.length} answers saved in ${saveAnswers}`);
  } else {
    if (!existsSync(checkAnswers)) throw new Error(`no answers saved in ${checkAnswers}`);
    const saved = JSON.parse(readFileSync(checkAnswers, "utf8")) as Answer[];
    const differ = answers.filter((answer, i) => JSON.stringify(answer) !== JSON.stringify(saved[i]));
    console.log(`${answers.length} answers, ${saved.length} saved: ${differ.length} differ`);
    if (differ.length > 0 || saved.length !== answers.length) process.exitCode = 1;
  }
}
await run(recording.calls.slice(0, 300));
const perPage = recording.pages / recording.calls.length;
for (let round = 0; round < rounds; round++) {
  const before = process.cpuUsage();
  const errors = await run(recording.calls);
  const used = process.cpuUsage(before);
  console.log(
    `round ${round + 1}: ${((used.user + used.system) / 1000 / (recording.calls.length * perPage)).toFixed(3)} ms CPU per page, ${((used.user + used.system) / 1000 / recording.calls.length).toFixed(3)} ms per call, ${errors} errors`,
  );
}
if (process.argv.includes("--by-shape")) {
  const shapes = new Map<string, typeof recording.calls>();
  for (const call of recording.calls) {
    let query = "";
    try {
      query = String((JSON.parse(call.body || "{}") as { query?: unknown }).query ?? "");
    } catch {}
    // The fields a document calls with arguments, in order: its shape, whatever the values.
    const fields = [...new Set(query.match(/\b[a-z]\w*(?=\s*\()/g) ?? [])].join(", ");
    const shape = `${call.path} ${fields || "(no fields with arguments)"}`;
    shapes.set(shape, [...(shapes.get(shape) ?? []), call]);
  }
  console.log("by shape (share of calls, CPU per call, shape):");
  for (const [shape, calls] of [...shapes].sort((a, b) => b[1].length - a[1].length)) {
    const before = process.cpuUsage();
    await run(calls);
    const used = process.cpuUsage(before);
    const share = (100 * calls.length) / recording.calls.length;
    const perCall = (used.user + used.system) / 1000 / calls.length;
    console.log(`${share.toFixed(0).padStart(3)} %  ${perCall.toFixed(2).padStart(6)} ms  ${shape}`);
  }
}
await backend.close();
if (sqlTimes.size > 0) {
  const pages = recording.pages * rounds;
  const all = [...sqlTimes].sort((a, b) => b[1][0] - a[1][0]);
  const total = all.reduce((sum, [, [ms]]) => sum + ms, 0);
  console.log(`SQL: ${(total / pages).toFixed(3)} ms CPU per page (warm-up included)`);
  for (const [source, [ms, n]] of all.slice(0, 20))
    console.log(
      `${(ms / pages).toFixed(3)} ms/page ${n} × ${((1000 * ms) / n).toFixed(0)} µs  ${source.replace(/\s+/g, " ").slice(0, 220)}`,
    );
}
