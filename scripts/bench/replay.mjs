/**
 * The session replay (issue 45, item 1b): what a resident's visit asks of the portal, from the
 * sign-in form to the notifications. Pure and unit-tested (replay.test.ts); replay-load.mjs plays
 * the visits against the portal, 50 at a time, without JavaScript (documents, redirects followed
 * as a browser follows them) and with JavaScript (the first document, then the client's
 * navigations as Remix 2.17's single fetch makes them: `GET /path.data?…&_routes=…`).
 *
 * A visit: the sign-in form (GET /login/email) and its POST; the page the sign-in lands on (the
 * dashboard); two to four consumption pages: the first through the dashboard's link to one of the
 * tenancy's quantities, the others through the period selector (its GET form: custom dates with
 * "apply", or a preset with "show", each with a comparison the page offers; the portal redirects
 * either to the view's canonical from/to/compare address); back to the dashboard; the
 * notifications.
 */
import { compareChoices, drawPeriod, quantitySlugs } from "./new-page-mix.mjs";

/**
 * The period selector's presets (namedPeriods of @common/period and the page's own; replay.test.ts
 * holds this copy to them). Not "billing-year": the selector offers it only on a tenancy with a
 * billing year, and a visit draws its preset without knowing the tenancy's.
 */
export const presets = [
  "today",
  "this-week",
  "last-week",
  "this-month",
  "last-month",
  "this-year",
  "last-year",
  "last-7-days",
  "last-30-days",
  "last-365-days",
  "since-moving-in",
];

/**
 * @typedef {{ kind: "sign-in-form" | "dashboard" | "consumption" | "notifications", path: string }} Visit
 * @typedef {{ kind: string, path: string, prefetch?: boolean }} Step prefetch: with JavaScript, the
 * link's data is asked for once more before the navigation (prefetch="intent")
 */

/**
 * The pages of one visit after the sign-in (which lands on the dashboard): its consumption pages,
 * the dashboard again and the notifications, as the URLs the browser asks for (before the
 * portal's redirects).
 * @param {string} tenancyId
 * @param {string[]} quantities the tenancy's consumption pages (indoor climate is left out)
 * @param {{ today: string, random?: () => number }} options
 * @returns {Step[]}
 */
export function planVisit(tenancyId, quantities, { today, random = Math.random }) {
  const pick = (/** @type {readonly string[]} */ list) =>
    /** @type {string} */ (list[Math.min(list.length - 1, Math.floor(random() * list.length))]);
  const t = `/t/${tenancyId}`;
  /** @type {Step[]} */
  const steps = [];
  const slugs = quantitySlugs(quantities);
  if (slugs.length) {
    const page = `${t}/consumption/${pick(slugs)}`;
    steps.push({ kind: "consumption", path: page });
    const more = 1 + Math.min(2, Math.floor(random() * 3));
    // What the selector's date fields hold: the last period chosen by dates (the default view's
    // own is the server's to say; its last 30 days stand in for it, the fields are not read when
    // a preset is chosen).
    let shown = drawPeriod(today, () => 1 - Number.EPSILON);
    shown = { from: isoMinusDays(shown.to, 29), to: shown.to };
    for (let n = 0; n < more; n++) {
      const compare = pick(compareChoices);
      if (random() < 0.5) {
        const period = drawPeriod(today, random);
        shown = period;
        // The form's fields in their order: from, to, the "apply" button, preset, compare.
        const search = new URLSearchParams({ ...period, apply: "dates", preset: "custom", compare });
        steps.push({ kind: "consumption", path: `${page}?${search}` });
      } else {
        const search = new URLSearchParams({ ...shown, preset: pick(presets), compare });
        steps.push({ kind: "consumption", path: `${page}?${search}` });
      }
    }
  }
  // The side menu's dashboard link has prefetch="intent" (tenancy-layout.tsx): a pointer on it
  // makes the browser ask for the page's data before the click asks again (answers are not stored).
  steps.push({ kind: "dashboard", path: t, prefetch: true });
  steps.push({ kind: "notifications", path: `${t}/notifications` });
  return steps;
}

/** @param {string} iso @param {number} days */
function isoMinusDays(iso, days) {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The routes a portal path matches, root first, with what single fetch needs of each: whether it
 * has a server loader and whether it says when to load again (shouldRevalidate), and how. Only the
 * pages the replay visits (app/routes.ts); the route ids are the modules' paths.
 * @typedef {{ id: string, loader: boolean, pathname: string, revalidate?: (a: { currentUrl: URL, nextUrl: URL,
 * formMethod?: string, defaultShouldRevalidate: boolean }) => boolean }} RouteMatch
 * @param {string} pathname
 * @returns {RouteMatch[] | null} null for a path the replay does not know
 */
export function matchesOf(pathname) {
  /** @type {RouteMatch} */
  const root = {
    id: "root",
    loader: true,
    pathname: "/",
    // app/root.tsx: after a form's POST as React Router would, never on a GET navigation.
    revalidate: ({ formMethod, defaultShouldRevalidate }) =>
      formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false,
  };
  // The sign-in form (public layout, no loader; the form's own loader only turns the signed-in away).
  if (pathname === "/login/email")
    return [
      root,
      { id: "routes/public/public-layout", loader: false, pathname: "/" },
      { id: "routes/sign-in/login-email", loader: true, pathname },
    ];
  const tenancy = /^\/t\/(\d+)(\/.*)?$/.exec(pathname);
  if (!tenancy) return null;
  const t = `/t/${tenancy[1]}`;
  const rest = tenancy[2] ?? "";
  /** @type {RouteMatch} app/routes/tenancy/tenancy-layout.tsx: again on the way to or from the notifications */
  const layout = {
    id: "routes/tenancy/tenancy-layout",
    loader: true,
    pathname: t,
    revalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      defaultShouldRevalidate ||
      /\/notifications(\/|$)/.test(nextUrl.pathname) ||
      /\/notifications(\/|$)/.test(currentUrl.pathname),
  };
  if (rest === "" || rest === "/")
    return [root, layout, { id: "routes/consumption/dashboard", loader: true, pathname: t }];
  if (rest === "/notifications")
    return [
      root,
      layout,
      { id: "routes/notifications/notifications-layout", loader: false, pathname: `${t}/notifications` },
      { id: "routes/notifications/notifications", loader: true, pathname: `${t}/notifications` },
    ];
  const consumption = /^\/consumption\/([a-z][a-z-]*)$/.exec(rest);
  if (consumption && consumption[1] !== "indoor-climate")
    return [
      root,
      layout,
      {
        id: "routes/consumption/consumption",
        loader: true,
        pathname: `${t}/consumption/${consumption[1]}`,
        revalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
          defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname,
      },
      { id: "routes/consumption/consumption-overview", loader: true, pathname: `${t}/consumption/${consumption[1]}` },
    ];
  return null;
}

/**
 * The URL of a client navigation's data request, as Remix 2.17's single fetch makes it
 * (@remix-run/react's singleFetchUrl and singleFetchLoaderNavigationStrategy): the path with
 * `.data`, its search, and `_routes` naming the routes to load when any route with a loader opted
 * out (the root never loads again on a GET navigation, so `_routes` is always there). A route loads
 * when it is new, or its shouldRevalidate says so, which single fetch asks with
 * defaultShouldRevalidate: true (so the tenancy's layout loads on every navigation); a route
 * without one by React Router's default (the search changed, the same URL again, the match's
 * path changed, or after a POST's redirect). Checked against Chromium on the built portal: the
 * URLs of replay.test.ts are the ones it asked for.
 * @param {string} from the URL shown (path and search)
 * @param {string} to the URL navigated to (path and search)
 * @param {{ afterPost?: boolean }} [options] afterPost: the navigation to where a form's POST redirected
 */
export function dataUrl(from, to, { afterPost = false } = {}) {
  const currentUrl = new URL(from, "http://portal");
  const nextUrl = new URL(to, "http://portal");
  const next = matchesOf(nextUrl.pathname);
  if (!next) throw new Error(`the replay does not know the routes of ${nextUrl.pathname}`);
  const current = matchesOf(currentUrl.pathname);
  if (!current) throw new Error(`the replay does not know the routes of ${currentUrl.pathname}`);
  const sameUrl = currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search;
  // After a form's POST (its action answered with a redirect), React Router loads everything again.
  const searchChanged = currentUrl.search !== nextUrl.search;
  const formMethod = afterPost ? "POST" : undefined;
  /** @type {string[]} */
  const load = [];
  let optedOut = false;
  for (const match of next) {
    const before = current.find((m) => m.id === match.id);
    let loads;
    if (!before) loads = true;
    else {
      const defaultShouldRevalidate = afterPost || sameUrl || searchChanged || before.pathname !== match.pathname;
      // With single fetch, Remix hands a route's own shouldRevalidate defaultShouldRevalidate: true
      // (@remix-run/react's getShouldRevalidateFunction); React Router's default is for the others.
      loads = match.revalidate
        ? match.revalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate: true })
        : defaultShouldRevalidate;
      if (!loads && match.revalidate && match.loader) optedOut = true;
    }
    if (loads && match.loader) load.push(match.id);
  }
  const url = new URL(nextUrl);
  url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  if (optedOut && load.length) url.searchParams.set("_routes", load.join(","));
  return url.pathname + url.search;
}

/**
 * Where a single-fetch answer redirects to, or null: a loader's or an action's redirect comes as
 * status 202 with the target in its Location header and in the turbo-stream body
 * (`"redirect","/t/…"`), or as the X-Remix-Redirect header.
 * @param {number} status
 * @param {{ get(name: string): string | null | undefined }} headers
 * @param {string} body
 */
export function singleFetchRedirect(status, headers, body) {
  const header = headers.get("x-remix-redirect");
  if (header) return header;
  if (status !== 202) return null;
  const location = headers.get("location");
  if (location) return location;
  const found = /"redirect","((?:[^"\\]|\\.)*)"/.exec(body);
  return found ? JSON.parse(`"${found[1]}"`) : null;
}

/**
 * The sign-in form's fields as a browser sends them: every named input of the form that posts to
 * /login/email, in order, with e-mail and password filled in (the submit button has no name).
 * @param {string} html the sign-in page
 * @param {{ email: string, password: string }} credentials
 */
export function signInForm(html, { email, password }) {
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html)?.[1];
  if (!form) throw new Error("the sign-in page has no form");
  /** @type {[string, string][]} */
  const fields = [];
  for (const input of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    if (!name) continue;
    const type = /\btype="([^"]*)"/.exec(input[0])?.[1] ?? "text";
    if (type === "checkbox" || type === "submit") continue;
    const value = decodeEntities(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "");
    fields.push([name, name === "email" ? email : name === "password" ? password : value]);
  }
  if (!fields.some(([name]) => name === "email") || !fields.some(([name]) => name === "password"))
    throw new Error("the sign-in form has no e-mail or password field");
  return new URLSearchParams(fields).toString();
}

/** @type {Record<string, string>} */
const entities = { amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" };
/** @param {string} text */
const decodeEntities = (text) => text.replace(/&(amp|quot|#39|lt|gt);/g, (_, e) => entities[e] ?? "");

/**
 * @typedef {{ email: string, tenancies: Record<string, string[]> }} Resident
 * @typedef {{ email: string, address: string, tenancies: Record<string, string[]> }} VirtualResident
 */

/**
 * The replay's residents: `count` draws over the demo residents, each with its own address.
 * @param {Resident[]} residents
 * @param {number} count
 * @param {() => number} [random]
 * @returns {VirtualResident[]}
 */
export function virtualResidents(residents, count, random = Math.random) {
  if (!residents.length) throw new Error("no resident to replay");
  return Array.from({ length: count }, (_, n) => {
    const resident = /** @type {Resident} */ (
      residents[Math.min(residents.length - 1, Math.floor(random() * residents.length))]
    );
    // 10.45.0.0/16, a private range: one address per virtual resident.
    return { ...resident, address: `10.45.${(n >> 8) & 255}.${n & 255}` };
  });
}
