import { data } from "@remix-run/node";

/**
 * server.ts answers a form post that did not come from one of our pages with this route: a 403 in
 * the resident's language, shown by the public layout's error boundary. Nothing was changed.
 */
export function loader() {
  throw data({ error: "forbidden" }, { status: 403 });
}

export default function Forbidden() {
  return null;
}
