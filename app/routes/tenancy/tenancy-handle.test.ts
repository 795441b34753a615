import { describe, expect, it } from "vitest";
import { itemCrumb, quantityItemCrumb, titleCrumb } from "./tenancy-handle";

describe("tenancy breadcrumbs", () => {
  it("name a page by its title and lead to it in the same tenancy", () => {
    const handle = titleCrumb("profile.title", (tenancyId) => `/t/${tenancyId}/profile`);
    expect(handle.breadcrumb?.("7009", { params: {}, data: undefined })).toEqual({
      labelKey: "profile.title",
      to: "/t/7009/profile",
    });
  });

  it("lead to the one thing the URL names, or to the path without it when the URL has none", () => {
    const handle = itemCrumb("alarms.detail_title", "alarmId", (tenancyId, id) => `/t/${tenancyId}/alarms/${id}`);
    const crumbOf = (params: Record<string, string | undefined>) =>
      handle.breadcrumb?.("7009", { params, data: undefined });
    expect(crumbOf({ alarmId: "42", tenancyId: "7009" })).toEqual({
      labelKey: "alarms.detail_title",
      to: "/t/7009/alarms/42",
    });
    expect(crumbOf({})).toEqual({ labelKey: "alarms.detail_title", to: "/t/7009/alarms/" });
  });

  it("name a meter or room by what the page found, else by the URL, and keep the URL's quantity", () => {
    const handle = quantityItemCrumb(
      "consumption.meter_crumb",
      { placeholder: "number", dataField: "meterNumber", param: "meterId" },
      (tenancyId, quantity, id) => `/t/${tenancyId}/consumption/${quantity}/meter/${id}`,
    );
    const params = { quantity: "heat", meterId: "m-1" };
    expect(handle.breadcrumb?.("7009", { params, data: { meterNumber: "4711" } })).toEqual({
      labelKey: "consumption.meter_crumb",
      values: { number: "4711" },
      to: "/t/7009/consumption/heat/meter/m-1",
    });
    expect(handle.breadcrumb?.("7009", { params, data: undefined })?.values).toEqual({ number: "m-1" });
    expect(handle.breadcrumb?.("7009", { params: {}, data: null })).toEqual({
      labelKey: "consumption.meter_crumb",
      values: { number: "" },
      to: "/t/7009/consumption//meter/",
    });
  });
});
