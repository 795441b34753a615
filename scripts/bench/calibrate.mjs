#!/usr/bin/env node
/**
 * A reference figure for the machine's speed, so that bench figures of different days (and
 * machines) can be compared: the median time React takes to render a fixed page of about 2 000
 * elements to a string, in production mode, on one thread. Lower is faster. Printed by
 * `npm run bench` before it starts the portal (the machine is otherwise idle then), and written
 * to reports/bench.json as machine.referenceRenderMs. Run alone: `node scripts/bench/calibrate.mjs`
 * prints `{"referenceRenderMs": …}`.
 */
process.env.NODE_ENV = "production";
const { createElement: h } = await import("react");
const { renderToString } = await import("react-dom/server");

const rows = Array.from({ length: 400 }, (_, i) =>
  h(
    "tr",
    { key: i, className: i % 2 ? "odd" : "even" },
    h("td", null, `Række ${i}`),
    h("td", { "data-value": i }, (i * 1.25).toFixed(2)),
    h("td", null, h("a", { href: `/t/7009/consumption/heat-energy?from=2026-01-${(i % 28) + 1}` }, "Varme")),
  ),
);
const page = () => h("html", { lang: "da" }, h("body", null, h("table", null, h("tbody", null, rows))));

for (let i = 0; i < 200; i++) renderToString(page());
const perRender = [];
for (let batch = 0; batch < 15; batch++) {
  const started = performance.now();
  for (let i = 0; i < 50; i++) renderToString(page());
  perRender.push((performance.now() - started) / 50);
}
perRender.sort((a, b) => a - b);
console.log(JSON.stringify({ referenceRenderMs: Number(/** @type {number} */ (perRender[7]).toFixed(3)) }));
