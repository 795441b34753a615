/**
 * Requests with a method a page does not take (PUT, PATCH, DELETE, OPTIONS anywhere; POST to a page
 * without an action). Remix answers them 405 itself, with the route's error page, but without the
 * `Allow` header HTTP requires (RFC 9110, 15.5.6), and hands its internal error to handleError,
 * which logged a stack trace for every such request.
 */
import { matchRoutes } from "@remix-run/react";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** What entry.server receives of the route manifest: enough to match a URL and know its action. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
}

type MatchableRoute = RouteObject & { hasAction: boolean };

function routeTree(routes: Readonly<Record<string, ManifestRoute>>): MatchableRoute[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): MatchableRoute[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, hasAction: route.hasAction }
        : { id: route.id, path: route.path, hasAction: route.hasAction, children: build(route.id) },
    );
  return build(undefined);
}

/**
 * The methods the page at `url` takes: GET and HEAD always, POST when the route a form post to it
 * goes to (the deepest match; an index route only with ?index) has an action. Matched here, not taken from Remix's
 * context: for methods
 * Remix does not route at all (OPTIONS, TRACE) its context holds only the root.
 */
export function allowedMethods(routes: Readonly<Record<string, ManifestRoute>>, url: URL): string {
  const matches = matchRoutes(routeTree(routes), url.pathname) ?? [];
  // As Remix routes a form post: to an index route only when the URL says ?index, else its parent.
  if (matches.at(-1)?.route.index && !url.searchParams.has("index")) matches.pop();
  const target = matches.at(-1)?.route as MatchableRoute | undefined;
  return target?.hasAction ? "GET, HEAD, POST" : "GET, HEAD";
}

/**
 * Whether an error is Remix's own answer to a method the route does not take: a client's mistake,
 * answered with 405 and not worth a stack trace in the log.
 */
export function isMethodNotAllowed(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { status?: unknown }).status === 405 &&
    (error as { internal?: unknown }).internal === true
  );
}
