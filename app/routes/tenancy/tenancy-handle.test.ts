import { describe, expect, it } from "vitest";
import { itemCrumb, titleCrumb } from "./tenancy-handle";

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
});
