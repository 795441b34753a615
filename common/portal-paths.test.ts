import { describe, expect, it } from "vitest";
import {
  alarmDeletePath,
  alarmEditPath,
  alarmPath,
  alarmsPath,
  consumptionBasePath,
  consumptionMeterPath,
  consumptionPath,
  consumptionPricePath,
  consumptionRoomPath,
  emailChangeLink,
  helpPath,
  impersonationLink,
  indoorClimatePath,
  invitationLink,
  leaveTenancyPath,
  localeFilePath,
  loginWithRedirectPath,
  meterReadingsCsvPath,
  metersPath,
  newAlarmPath,
  notificationLink,
  notificationPath,
  notificationsPath,
  passwordResetLink,
  profileDataPath,
  profileDeletePath,
  profileEmailPath,
  profilePageInTenancy,
  profilePasswordPath,
  profilePath,
  removeTenancyUserPath,
  reportLink,
  reportPath,
  reportPdfPath,
  signupWithCodePath,
  socialCallbackPath,
  socialStartPath,
  statementDownloadPath,
  statementsPath,
  tenanciesPath,
  tenancyPath,
  tenancySettingsPath,
  welcomeWithRedirectPath,
} from "./portal-paths";

// The expected strings are the URLs of the route table (app/routes.ts) written out by hand.
describe("a tenancy's paths", () => {
  it("lie below /t/{tenancyId}, with numeric and string ids alike", () => {
    expect(tenanciesPath).toBe("/t");
    expect(tenancyPath(7009)).toBe("/t/7009");
    expect(tenancyPath("7009")).toBe("/t/7009");
  });

  it("name the consumption pages by quantity, room and meter", () => {
    expect(consumptionBasePath(7)).toBe("/t/7/consumption");
    expect(consumptionPath(7, "heat-energy")).toBe("/t/7/consumption/heat-energy");
    expect(consumptionPricePath(7, "heat-energy")).toBe("/t/7/consumption/heat-energy/price");
    expect(consumptionRoomPath(7, "water", "kitchen")).toBe("/t/7/consumption/water/room/kitchen");
    expect(consumptionMeterPath(7, "water", 31)).toBe("/t/7/consumption/water/meter/31");
    expect(indoorClimatePath(7)).toBe("/t/7/consumption/indoor-climate");
  });

  it("name the documents, alarms, notifications, settings, help and profile", () => {
    expect(metersPath(7)).toBe("/t/7/meters");
    expect(meterReadingsCsvPath(7)).toBe("/t/7/meters/readings.csv");
    expect(statementsPath(7)).toBe("/t/7/statements");
    expect(statementDownloadPath(7, 12)).toBe("/t/7/statements/12/download");
    expect(alarmsPath(7)).toBe("/t/7/alarms");
    expect(newAlarmPath(7)).toBe("/t/7/alarms/new-alarm");
    expect(newAlarmPath(7, "?step=1&quantity=water")).toBe("/t/7/alarms/new-alarm?step=1&quantity=water");
    expect(alarmPath(7, 3)).toBe("/t/7/alarms/3");
    expect(alarmEditPath(7, 3)).toBe("/t/7/alarms/3/edit");
    expect(alarmDeletePath(7, 3)).toBe("/t/7/alarms/3/delete");
    expect(notificationsPath(7)).toBe("/t/7/notifications");
    expect(notificationPath(7, 40)).toBe("/t/7/notifications/40");
    expect(tenancySettingsPath(7)).toBe("/t/7/settings");
    expect(leaveTenancyPath(7)).toBe("/t/7/settings/leave");
    expect(removeTenancyUserPath(7, 5)).toBe("/t/7/settings/users/5/remove");
    expect(helpPath(7)).toBe("/t/7/help");
    expect(profilePath(7)).toBe("/t/7/profile");
    expect(profilePasswordPath(7)).toBe("/t/7/profile/password");
    expect(profileEmailPath(7)).toBe("/t/7/profile/email");
    expect(profileDeletePath(7)).toBe("/t/7/profile/delete");
    expect(profileDataPath(7)).toBe("/t/7/profile/my-data.json");
  });
});

describe("the profile of a resident without a tenancy (ADR 0057)", () => {
  it("lies under /account, page for page as in a tenancy", () => {
    expect(profilePath(null)).toBe("/account");
    expect(profilePasswordPath(null)).toBe("/account/password");
    expect(profileEmailPath(null)).toBe("/account/email");
    expect(profileDeletePath(null)).toBe("/account/delete");
    expect(profileDataPath(null)).toBe("/account/my-data.json");
  });

  it("sends a resident who has a tenancy to the same page of its profile", () => {
    expect(profilePageInTenancy("/account", 7)).toBe("/t/7/profile");
    expect(profilePageInTenancy("/account/password", 7)).toBe("/t/7/profile/password");
    expect(profilePageInTenancy("/account/email", 7)).toBe("/t/7/profile/email");
    expect(profilePageInTenancy("/account/delete", 7)).toBe("/t/7/profile/delete");
    expect(profilePageInTenancy("/account/my-data.json", 7)).toBe("/t/7/profile/my-data.json");
  });

  it("gives the profile itself for any other path", () => {
    expect(profilePageInTenancy("/account/", 7)).toBe("/t/7/profile");
    expect(profilePageInTenancy("/account/password/x", 7)).toBe("/t/7/profile");
    expect(profilePageInTenancy("/accountant/password", 7)).toBe("/t/7/profile");
    expect(profilePageInTenancy("/t/8/profile/delete", 7)).toBe("/t/7/profile");
  });
});

describe("paths outside a tenancy", () => {
  it("encode the report's code, which comes from a URL or an e-mail", () => {
    expect(reportPath("ab12")).toBe("/report/ab12");
    expect(reportPath("a/b?c")).toBe("/report/a%2Fb%3Fc");
    expect(reportPdfPath("a/b")).toBe("/report/a%2Fb/pdf");
  });

  it("put an invitation's activation code on the sign-up page", () => {
    expect(signupWithCodePath("K7PQ2M")).toBe("/signup?activationCode=K7PQ2M");
  });
});

describe("links in e-mails", () => {
  const portal = "https://portal.example";

  it("put the portal's URL in front of the path", () => {
    expect(notificationLink(portal, 7, 40)).toBe("https://portal.example/t/7/notifications/40");
    expect(reportLink(portal, "ab 12", "da")).toBe("https://portal.example/report/ab%2012?lng=da");
    expect(invitationLink(portal, "K7PQ2M")).toBe("https://portal.example/signup?activationCode=K7PQ2M");
    expect(impersonationLink(portal, "tok.en")).toBe("https://portal.example/impersonate/tok.en");
  });

  it("carry tokens and addresses as encoded search parameters", () => {
    expect(emailChangeLink(portal, "a+b/c")).toBe("https://portal.example/confirm-email?token=a%2Bb%2Fc");
    expect(passwordResetLink(portal, "t0k", "anne+1@example.dk")).toBe(
      "https://portal.example/set-password?token=t0k&email=anne%2B1%40example.dk",
    );
  });

  it("keep a portal mounted below a path", () => {
    expect(emailChangeLink("https://example.dk/portal", "x")).toBe("https://example.dk/portal/confirm-email?token=x");
    expect(notificationLink("https://example.dk/portal", 1, 2)).toBe("https://example.dk/portal/t/1/notifications/2");
  });
});

describe("sign-in's paths", () => {
  it("carry where to go next as an encoded redirectTo", () => {
    expect(loginWithRedirectPath("/t/7/alarms?x=1")).toBe("/login?redirectTo=%2Ft%2F7%2Falarms%3Fx%3D1");
    expect(welcomeWithRedirectPath("/t/7")).toBe("/welcome?redirectTo=%2Ft%2F7");
  });

  it("name social sign-in's start and callback and the translations' files", () => {
    expect(socialStartPath("google")).toBe("/auth/google");
    expect(socialCallbackPath("apple")).toBe("/auth/apple/callback");
    expect(localeFilePath("da", "common")).toBe("/locales/da/common.json");
  });
});
