import { describe, expect, it } from "vitest";
import {
  bucketMeanOf,
  efficientFifthOf,
  MIN_EFFICIENT_NEIGHBOURS,
  requiredDaysOf,
  runsCover,
  scaledToHome,
} from "./efficient-neighbours";

const homes = (values: number[]) => values.map((perM2, index) => ({ unitId: index + 1, perM2 }));

describe("efficientFifthOf", () => {
  it("is null below ten homes with data", () => {
    expect(MIN_EFFICIENT_NEIGHBOURS).toBe(10);
    expect(efficientFifthOf(homes([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeNull();
    expect(efficientFifthOf([...homes([1, 2, 3, 4, 5, 6, 7, 8, 9]), { unitId: 99, perM2: Number.NaN }])).toBeNull();
  });

  it("takes the ceil(n/5) lowest per m2 and their mean", () => {
    const ten = efficientFifthOf(homes([10, 3, 7, 1, 9, 8, 6, 5, 4, 2]));
    expect(ten).toEqual({ unitIds: [4, 10], meanPerM2: 1.5, homes: 10 });
    // 11 homes: ceil(11/5) = 3.
    const eleven = efficientFifthOf(homes([10, 3, 7, 1, 9, 8, 6, 5, 4, 2, 11]));
    expect(eleven?.unitIds).toEqual([4, 10, 2]);
    expect(eleven?.meanPerM2).toBeCloseTo(2, 12);
    // 32 homes: 7.
    const many = efficientFifthOf(homes(Array.from({ length: 32 }, (_, index) => 32 - index)));
    expect(many?.unitIds).toEqual([32, 31, 30, 29, 28, 27, 26]);
    expect(many?.meanPerM2).toBe(4);
  });

  it("breaks ties by the lower unit id", () => {
    const fifth = efficientFifthOf([
      ...homes([5, 5, 5, 5, 5, 5, 5, 5]),
      { unitId: 20, perM2: 1 },
      { unitId: 15, perM2: 5 },
    ]);
    expect(fifth?.unitIds).toEqual([20, 1]);
  });
});

describe("scaledToHome and bucketMeanOf", () => {
  it("gives per m2 when normalized, else times the caller's floor area", () => {
    expect(scaledToHome(1.25, true, 80)).toBe(1.25);
    expect(scaledToHome(1.25, false, 80)).toBe(100);
    expect(scaledToHome(1 / 3, false, 3)).toBe(1);
    expect(scaledToHome(1, false, Number.NaN)).toBeNull();
  });

  it("needs every home of the fifth in a bucket", () => {
    expect(bucketMeanOf([1, 2, 3])).toBe(2);
    expect(bucketMeanOf([1, null, 3])).toBeNull();
    expect(bucketMeanOf([1, undefined])).toBeNull();
    expect(bucketMeanOf([])).toBeNull();
  });
});

describe("requiredDaysOf and runsCover", () => {
  // 2025-11-20 10:30 UTC is 11:30 in Copenhagen.
  const now = Date.parse("2025-11-20T10:30:00Z") / 1000;
  const current = { fromDay: "2024-01-01", endDay: "2025-11-21", toS: now };

  it("leaves out today until its end, unless it is the only day", () => {
    expect(requiredDaysOf({ fromDay: "2025-11-01", endDay: "2025-12-01" }, current)).toEqual({
      fromDay: "2025-11-01",
      endDay: "2025-11-20",
    });
    expect(requiredDaysOf({ fromDay: "2025-11-20", endDay: "2025-11-21" }, current)).toEqual({
      fromDay: "2025-11-20",
      endDay: "2025-11-21",
    });
    expect(requiredDaysOf({ fromDay: "2025-10-01", endDay: "2025-11-01" }, current)).toEqual({
      fromDay: "2025-10-01",
      endDay: "2025-11-01",
    });
  });

  it("keeps to the caller's window and is null outside it", () => {
    const ended = { fromDay: "2024-03-15", endDay: "2025-06-01", toS: Date.parse("2025-05-31T22:00:00Z") / 1000 };
    expect(requiredDaysOf({ fromDay: "2024-03-01", endDay: "2025-07-01" }, ended)).toEqual({
      fromDay: "2024-03-15",
      endDay: "2025-06-01",
    });
    expect(requiredDaysOf({ fromDay: "2025-07-01", endDay: "2025-08-01" }, ended)).toBeNull();
  });

  it("asks for one run over every required day", () => {
    const range = { fromDay: "2025-10-01", endDay: "2025-11-01" };
    expect(runsCover([{ firstDay: "2025-01-01", endDay: "2025-11-01" }], range)).toBe(true);
    expect(runsCover([{ firstDay: "2025-10-02", endDay: "2025-12-01" }], range)).toBe(false);
    expect(
      runsCover(
        [
          { firstDay: "2025-01-01", endDay: "2025-10-10" },
          { firstDay: "2025-10-11", endDay: "2025-12-01" },
        ],
        range,
      ),
    ).toBe(false);
  });
});
