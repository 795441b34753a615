/** What both benches (bench.ts and ingest-bench.ts) set up alike in a home. */

/** The quantities of a bench home's meters, one meter each, in this order. */
export const benchQuantities = [
  "heat-energy",
  "hca",
  "hot-water-volume",
  "cold-water-volume",
  "electricity-energy",
  "indoor-temperature",
] as const;

/** The alarms both benches set on every home: one of every type, on the quantities the bench's meters measure. */
export const benchAlarmTypes = [
  { quantity: "heat-energy", type: "threshold", level: 1000 },
  { quantity: "hot-water-volume", type: "comparison", level: 50 },
  { quantity: "cold-water-volume", type: "zero", level: 0 },
  { quantity: "indoor-temperature", type: "minimum", level: 16 },
  { quantity: "indoor-temperature", type: "maximum", level: 26 },
] as const;
