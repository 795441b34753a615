import { describe, expect, it } from "vitest";
import { runDetail } from "./lighthouse-figures.mjs";

describe("what a Lighthouse run's score is made of", () => {
  it("names the metrics short of perfect and the machine's benchmark index", () => {
    expect(
      runDetail({
        imperfectPerformanceAudits: ["Total Blocking Time (300\u00a0ms)"],
        benchmarkIndex: 1595.5,
      }),
    ).toBe("Total Blocking Time (300\u00a0ms); benchmark index 1596");
  });

  it("says so when every metric is perfect, and when the index is missing", () => {
    expect(runDetail({ imperfectPerformanceAudits: [] })).toBe("every metric perfect; benchmark index ?");
  });

  it("adds the machine's load average as the run started, when the bench read it", () => {
    expect(runDetail({ imperfectPerformanceAudits: [], benchmarkIndex: 2100, loadAverage: 1.234 })).toBe(
      "every metric perfect; benchmark index 2100; load average 1.2",
    );
  });
});
