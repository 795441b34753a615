import { describe, expect, it } from "vitest";
import { inReportTurn, REPORTS_AT_ONCE } from "./report.server";

describe("inReportTurn", () => {
  it("computes at most REPORTS_AT_ONCE reports at once, all of them in the end, in order, also after a failure", async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const work = (index: number) =>
      inReportTurn(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now--;
        order.push(index);
        if (index === 3) throw new Error("back-end down");
        return index;
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, index) => work(index)));
    expect(most).toBe(REPORTS_AT_ONCE);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(11);
    expect(order).toHaveLength(12);
    // Still usable afterwards.
    expect(await inReportTurn(async () => "again")).toBe("again");
  });
});
