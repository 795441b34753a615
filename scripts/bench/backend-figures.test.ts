import { describe, expect, it } from "vitest";
import { backendFigures } from "./backend-figures.mjs";

// What `npm run bench:backend` printed at 100 units (SQLite only), trimmed to the lines around the two.
const output = `# SQLite, 100 units
bulk load, readings a second: 662,193 readings/s (10915800 readings of 600 meters, rollups included, in 16.5 s)  (budget ≥ 300,000 readings/s: ok)
ingest one hour for every meter: 0.16 s for 600 meters (3750 meters/s)  (budget ≤ 2 s: ok)
tenantGraph year daily (one unit): p50=1.7 ms p95=4.2 ms  (budget p95 ≤ 10 ms: ok)
tenantGraph year daily with previous year and property average: p50=3.9 ms p95=6.5 ms  (budget p95 ≤ 50 ms: ok)
# alarm evaluation, first run (500 alarms, 500 periods): 15 ms
the day's alarm run: 0.02 s for 500 alarms (500 periods, 107 notifications)  (budget ≤ 1 s: ok)
`;

describe("backendFigures", () => {
  it("reads the year of one unit and the day's alarm run as bench:backend prints them", () => {
    expect(backendFigures(output)).toEqual({
      year: { p50: 1.7, p95: 4.2 },
      alarmRun: { ms: 20, what: "500 alarms (500 periods, 107 notifications)" },
    });
  });

  it("takes SQLite's figures, the first printed, when PostgreSQL's follow", () => {
    const both = `${output}[postgres] the day's alarm run: 0.26 s for 500 alarms (500 periods, 107 notifications)  (budget ≤ 1 s: ok)\n`;
    expect(backendFigures(both).alarmRun?.ms).toBe(20);
  });

  it("reads an alarm run printed without a budget, and reports what is missing as absent", () => {
    expect(backendFigures("the day's alarm run: 1.25 s for 15000 alarms (15000 periods, 3 notifications)\n")).toEqual({
      alarmRun: { ms: 1250, what: "15000 alarms (15000 periods, 3 notifications)" },
    });
    expect(backendFigures("# alarm evaluation, first run (500 alarms, 500 periods): 15 ms\n")).toEqual({});
  });
});
