/**
 * Pages whose behaviour needs no script ship none (DESIGN.md section 5: ≤ 10 KB of JavaScript on
 * such pages; the Remix guide's "disabling JavaScript" per route). A route says so with
 * `handle.scripts = false` ({@link withoutScripts}): its document then leaves out Remix's scripts,
 * the scroll restoration's inline script and the preloads of the translation files only the
 * scripts read. Its links and forms work as they do for a resident with scripts blocked, and the
 * next page loads whole, with its scripts.
 */

/** Spread into a route's handle: the page's document ships no script. */
export const withoutScripts = { scripts: false } as const;

function optsOut(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { scripts?: unknown }).scripts === false;
}

/**
 * Whether the document of these matched routes includes the scripts: unless one of them opts out.
 * In the browser always: there the page is already running its scripts (a client-side navigation
 * to a page that needs none), and taking them out of the DOM would only stop the scroll restoration.
 */
export function documentHasScripts(matches: readonly { handle?: unknown }[], inBrowser: boolean): boolean {
  return inBrowser || !matches.some((match) => optsOut(match.handle));
}
