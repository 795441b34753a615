import type { QuantityId } from "@common/quantities";
import { describe, expect, it } from "vitest";
import { wizardChoices, wizardPage, wizardSearch } from "./alarm-wizard";

const unit: QuantityId[] = ["heat-energy", "cold-water-volume", "indoor-temperature"];
const page = (search: string, quantities: QuantityId[] = unit) => wizardPage(new URLSearchParams(search), quantities);

describe("wizardPage", () => {
  it("starts at step 1 with nothing chosen and no errors", () => {
    expect(page("")).toEqual({
      step: 1,
      choices: { quantity: null, type: null, frequency: null, level: null },
      errors: {},
      level: null,
    });
    expect(page("step=1&quantity=heat-energy").choices.quantity).toBe("heat-energy");
  });

  it("chooses the only quantity of a unit with one", () => {
    expect(page("step=1", ["hca"]).choices.quantity).toBe("hca");
  });

  it("goes step by step while every earlier answer is there", () => {
    expect(page("step=2&quantity=heat-energy&type=threshold").step).toBe(2);
    expect(page("step=3&quantity=heat-energy&type=threshold&frequency=week").step).toBe(3);
    expect(page("step=4&quantity=heat-energy&type=threshold&frequency=week&level=40")).toMatchObject({
      step: 4,
      level: 40,
      errors: {},
    });
  });

  // The earliest step that lacks its answer, with the error next to that field.
  it.each([
    ["step=2&quantity=heat-energy", 1, "type"],
    ["step=2&type=threshold", 1, "quantity"],
    ["step=3&quantity=heat-energy&type=threshold", 2, "frequency"],
    ["step=4&quantity=heat-energy&type=threshold&frequency=day", 3, "level"],
  ])("%s shows step %d with the %s required", (search, step, field) => {
    expect(page(search)).toMatchObject({ step, errors: { [field]: { key: `alarms.error.${field}_required` } } });
  });

  it("keeps a bad level as typed and says what is wrong with it", () => {
    const bad = page("step=4&quantity=heat-energy&type=threshold&frequency=day&level=12,5");
    expect(bad).toMatchObject({
      step: 3,
      choices: { level: "12,5" },
      errors: { level: { key: "alarms.error.level_decimals", values: { decimals: 0 } } },
    });
    expect(page("step=4&quantity=indoor-temperature&type=maximum&frequency=day&level=60").errors.level).toEqual({
      key: "alarms.error.level_range",
      values: { min: 1, max: 40 },
    });
    expect(page("step=4&quantity=cold-water-volume&type=threshold&frequency=day&level=abc").errors.level?.key).toBe(
      "alarms.error.level_not_a_number",
    );
  });

  it("reads a Danish decimal comma", () => {
    expect(page("step=4&quantity=cold-water-volume&type=threshold&frequency=day&level=1,5").level).toBe(1.5);
    expect(page("step=4&quantity=indoor-temperature&type=minimum&frequency=day&level=18,5").errors.level?.key).toBe(
      "alarms.error.level_decimals",
    );
  });

  it("needs no level for zero consumption (fixed at 0)", () => {
    expect(page("step=4&quantity=cold-water-volume&type=zero&frequency=day")).toMatchObject({ step: 4, level: 0 });
  });

  it("does not take a type the quantity does not have, or a quantity the unit does not measure", () => {
    expect(page("step=2&quantity=heat-energy&type=minimum")).toMatchObject({ step: 1, errors: { type: {} } });
    expect(page("step=2&quantity=gas-volume&type=threshold")).toMatchObject({ step: 1, errors: { quantity: {} } });
    expect(page("step=2&quantity=indoor-temperature&type=threshold").step).toBe(1);
  });

  it("treats an unknown step as step 1", () => {
    expect(page("step=9&quantity=heat-energy&type=threshold").step).toBe(1);
    expect(page("step=-1").step).toBe(1);
  });
});

describe("wizardSearch", () => {
  it("carries every choice, so Back keeps the later ones too", () => {
    const choices = wizardChoices(
      new URLSearchParams("quantity=heat-energy&type=threshold&frequency=week&level=40"),
      unit,
    );
    expect(wizardSearch(choices, 1)).toBe("?step=1&quantity=heat-energy&type=threshold&frequency=week&level=40");
    expect(wizardSearch({ quantity: null, type: null, frequency: null, level: "" }, 1)).toBe("?step=1");
  });
});
