/**
 * Every page of the portal, for the bench's JavaScript per page (DESIGN.md section 5): one URL of
 * each page route of app/routes.ts that a demo resident (Anna) or a visitor reaches, with the ids
 * a page needs (an alarm, a notification, a room, a meter) read from the pages that link to them.
 * `scriptless` pages need no script (handle.scripts = false) and have the smaller budget.
 */
import { request } from "./http.mjs";

/**
 * The first link of the page at `path` that `pattern` matches, or undefined.
 * @param {string} base
 * @param {string} path
 * @param {import("./http.mjs").CookieJar} jar
 * @param {RegExp} pattern
 */
async function linkOf(base, path, jar, pattern) {
  const page = await request(base, path, { jar, maxRedirects: 0 });
  if (page.response.status !== 200) return undefined;
  for (const [, href = ""] of page.body.matchAll(/href="([^"]+)"/g)) {
    const match = href.replace(/&amp;/g, "&").match(pattern);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * @param {string} base
 * @param {string} dashboard Anna's dashboard, /t/{id}
 * @param {import("./http.mjs").CookieJar} jar Anna's session
 * @param {string | undefined} reportCode a monthly report's code
 * @returns {Promise<{ label: string; path: string; jar?: import("./http.mjs").CookieJar; scriptless: boolean; missing: boolean }[]>}
 */
export async function everyPage(base, dashboard, jar, reportCode) {
  const t = dashboard;
  const escaped = t.replace(/\//g, "\\/");
  const [alarm, notification, room, meter] = await Promise.all([
    linkOf(base, `${t}/alarms`, jar, new RegExp(`^${escaped}/alarms/\\d+`)),
    linkOf(base, `${t}/notifications`, jar, new RegExp(`^${escaped}/notifications/\\d+`)),
    linkOf(
      base,
      `${t}/consumption/hca?tab=detailed&group=room`,
      jar,
      new RegExp(`^${escaped}/consumption/hca/room/[^?"#]+`),
    ),
    linkOf(
      base,
      `${t}/consumption/hca?tab=detailed&group=meter`,
      jar,
      new RegExp(`^${escaped}/consumption/hca/meter/\\d+`),
    ),
  ]);
  /** @type {[string, string | undefined, boolean?][]} public pages: label, path, scriptless */
  const visitor = [
    ["/login", "/login"],
    ["/login/email", "/login/email"],
    ["/login/email/forgot-password", "/login/email/forgot-password"],
    ["/signup", "/signup"],
    ["/signup/email", "/signup/email"],
    ["/enter-code", "/enter-code"],
    ["/set-password", "/set-password"],
    ["/data-policy", "/data-policy", true],
    ["/cookie-policy", "/cookie-policy", true],
    ["monthly report /report/{code} (no session)", reportCode ? `/report/${reportCode}` : undefined, true],
  ];
  /** @type {[string, string | undefined, boolean?][]} Anna's pages */
  const resident = [
    // (/select-tenancy is no page: its GET sends the resident on to a tenancy.)
    ["/welcome", "/welcome"],
    [`dashboard ${t}`, t],
    [`consumption page ${t}/consumption/heat-energy`, `${t}/consumption/heat-energy`],
    ["price", `${t}/consumption/heat-energy/price`],
    ["a room", room],
    ["a meter", meter],
    ["indoor climate", `${t}/consumption/indoor-climate`],
    ["meters", `${t}/meters`],
    ["statements", `${t}/statements`, true],
    ["alarms", `${t}/alarms`],
    [`new alarm ${t}/alarms/new-alarm?step=1`, `${t}/alarms/new-alarm?step=1`],
    ["an alarm", alarm],
    ["an alarm's edit", alarm && `${alarm}/edit`],
    ["an alarm's delete", alarm && `${alarm}/delete`],
    [`notifications ${t}/notifications`, `${t}/notifications`],
    ["a notification", notification],
    [`tenancy info ${t}/settings`, `${t}/settings`],
    ["leave the tenancy", `${t}/settings/leave`],
    [`profile settings ${t}/profile`, `${t}/profile`],
    ["change password", `${t}/profile/password`],
    ["change e-mail", `${t}/profile/email`],
    ["delete account", `${t}/profile/delete`],
    [`help ${t}/help`, `${t}/help`, true],
  ];
  return [
    ...visitor.map(([label, path, scriptless]) => ({ label, path, scriptless: scriptless === true })),
    ...resident.map(([label, path, scriptless]) => ({ label, path, jar, scriptless: scriptless === true })),
  ].map((page) => ({ ...page, path: /** @type {string} */ (page.path), missing: page.path === undefined }));
}
