import { data } from "@remix-run/node";

/**
 * server.ts answers a request whose body is larger than any of our forms with this route
 * (server/body-limit.ts, ADR 0019): a 413 in the resident's language, shown by the public layout's
 * error boundary. Nothing was read or changed.
 */
export function loader() {
  throw data({ error: "payload_too_large" }, { status: 413 });
}

export default function RequestTooLarge() {
  return null;
}
