import { describe, expect, it } from "vitest";
import {
  backTarget,
  breadcrumbTrail,
  itemCrumb,
  menuPageCrumb,
  parentPages,
  quantityItemCrumb,
  titleCrumb,
} from "./tenancy-handle";

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

describe("the breadcrumb trail and the phone's back button (spec section 2)", () => {
  const dashboard = titleCrumb("dashboard.title", (tenancyId) => `/t/${tenancyId}`);
  const alarms = titleCrumb("alarms.title", (tenancyId) => `/t/${tenancyId}/alarms`);
  const alarm = itemCrumb("alarms.detail_title", "alarmId", (tenancyId, id) => `/t/${tenancyId}/alarms/${id}`);
  const match = (handle: unknown, params: Record<string, string> = {}) => ({ handle, params, data: undefined });

  it("joins the crumbs of the matched routes in order; the back button leads one level up", () => {
    const trail = breadcrumbTrail("7009", [
      match(undefined),
      match(dashboard),
      match(alarms),
      match(alarm, { alarmId: "42" }),
    ]);
    expect(trail.map((crumb) => crumb.to)).toEqual(["/t/7009", "/t/7009/alarms", "/t/7009/alarms/42"]);
    expect(backTarget(trail)).toEqual({ labelKey: "alarms.title", to: "/t/7009/alarms" });
  });

  it("a page of the side menu clears the trail: no back button, the menu button instead", () => {
    const trail = breadcrumbTrail("7009", [match(dashboard), match(alarms), match({ clearsBreadcrumbs: true })]);
    expect(trail).toEqual([]);
    expect(backTarget(trail)).toBeNull();
    const profile = menuPageCrumb("profile.title", (tenancyId) => `/t/${tenancyId}/profile`);
    expect(breadcrumbTrail("7009", [match(dashboard), match(profile)])).toEqual([]);
  });

  it("a trail of one page has nowhere to go back to", () => {
    expect(backTarget(breadcrumbTrail("7009", [match(dashboard)]))).toBeNull();
  });

  it("a page whose URL is not nested under its parent names the parent first, so back leads there", () => {
    const password = titleCrumb("profile.password_title", (t) => `/t/${t}/profile/password`, parentPages.profile);
    const trail = breadcrumbTrail("7009", [match(dashboard), match(password)]);
    expect(trail.map((crumb) => crumb.labelKey)).toEqual([
      "dashboard.title",
      "profile.title",
      "profile.password_title",
    ]);
    expect(backTarget(trail)?.to).toBe("/t/7009/profile");
    const remove = itemCrumb(
      "tenancy_info.remove_title",
      "userId",
      (t, id) => `/t/${t}/settings/users/${id}/remove`,
      parentPages.tenancyInfo,
    );
    expect(backTarget(breadcrumbTrail("7009", [match(dashboard), match(remove, { userId: "5" })]))?.to).toBe(
      "/t/7009/settings",
    );
  });
});
