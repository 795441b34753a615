/**
 * Every page of the portal, for the bench's JavaScript per page (DESIGN.md section 5): the pages of
 * scripts/every-page.mjs (one URL of each page route of app/routes.ts, shared with the e2e suite),
 * each as its demo account sees it, with the ids a page needs (an alarm, a notification, a room, a
 * meter, a user) read from the pages that link to them. Pages marked `scripts: false` need no
 * script and have the smaller budget.
 */
import { everyPage } from "../every-page.mjs";
import { PASSWORD } from "./context.mjs";
import { request, signIn } from "./http.mjs";

/** @typedef {import("../every-page.mjs").Who} Who */

/** Demo accounts by their every-page.mjs name. */
const emails = /** @type {const} */ ({
  anna: "anna@demo.test",
  jens: "jens@demo.test",
  mette: "mette@demo.test",
  nora: "nora@demo.test",
});

/**
 * Where each placeholder's id is found: the first link of `page` that `link` matches (group 1).
 * @type {Record<string, { page: string; link: RegExp }>}
 */
const linked = {
  alarm: { page: "/t/{tenancy}/alarms", link: /^\/t\/\d+\/alarms\/(\d+)$/ },
  notification: { page: "/t/{tenancy}/notifications", link: /^\/t\/\d+\/notifications\/(\d+)$/ },
  // The heat cost allocation's overview lists the home's rooms and meters.
  room: { page: "/t/{tenancy}/consumption/hca", link: /^\/t\/\d+\/consumption\/hca\/room\/([^/?#]+)$/ },
  meter: { page: "/t/{tenancy}/consumption/hca", link: /^\/t\/\d+\/consumption\/hca\/meter\/(\d+)$/ },
  user: { page: "/t/{tenancy}/settings", link: /^\/t\/\d+\/settings\/users\/(\d+)\/remove$/ },
};

/**
 * Group 1 of the first link of the page at `path` that `pattern` matches, or undefined.
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
    if (match) return match[1];
  }
  return undefined;
}

/**
 * A demo account's session and the values of its placeholders ({tenancy} from where it lands).
 * @param {string} base
 * @param {Exclude<Who, "visitor">} who
 * @param {Set<string>} needed the placeholders its pages use
 */
async function sessionOf(base, who, needed) {
  const { jar, landing } = await signIn(base, emails[who], PASSWORD);
  /** @type {Map<string, string | undefined>} */
  const values = new Map([["tenancy", landing.pathname.match(/^\/t\/(\d+)$/)?.[1]]]);
  await Promise.all(
    [...needed]
      .filter((name) => name in linked)
      .map(async (name) => {
        const { page, link } = /** @type {{ page: string; link: RegExp }} */ (linked[name]);
        const tenancy = values.get("tenancy");
        values.set(name, tenancy ? await linkOf(base, page.replace("{tenancy}", tenancy), jar, link) : undefined);
      }),
  );
  return { jar, values };
}

/**
 * @param {string} base
 * @param {string | undefined} reportCode a monthly report's code
 * @returns {Promise<{ label: string; path: string; jar?: import("./http.mjs").CookieJar; scriptless: boolean; missing: boolean }[]>}
 */
export async function everyPageToMeasure(base, reportCode) {
  /** @type {Map<Who, Set<string>>} */
  const needed = new Map();
  for (const page of everyPage) {
    const names = needed.get(page.who) ?? new Set();
    for (const [, name = ""] of page.path.matchAll(/\{(\w+)\}/g)) names.add(name);
    needed.set(page.who, names);
  }
  /** @type {Map<Who, { jar?: import("./http.mjs").CookieJar; values: Map<string, string | undefined> }>} */
  const sessions = new Map([["visitor", { values: new Map([["report", reportCode]]) }]]);
  for (const [who, names] of needed) {
    if (who !== "visitor") sessions.set(who, await sessionOf(base, who, names));
  }
  return everyPage.map((page) => {
    const { jar, values } =
      /** @type {{ jar?: import("./http.mjs").CookieJar; values: Map<string, string | undefined> }} */ (
        sessions.get(page.who)
      );
    let missing = false;
    const path = page.path.replace(/\{(\w+)\}/g, (_, /** @type {string} */ name) => {
      const value = values.get(name);
      if (value === undefined) missing = true;
      return value ?? "";
    });
    return {
      label: `${page.path}${page.who === "visitor" ? "" : ` (${page.who})`}`,
      path,
      jar,
      scriptless: page.scripts === false,
      missing,
    };
  });
}
