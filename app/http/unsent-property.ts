/**
 * A property of loader data that the server's render reads but that is not sent to the browser
 * with the page: not enumerable, so Remix's encoding of the loader data (turbo-stream, which walks
 * an object's own enumerable keys) leaves it out. For what the browser already has another way:
 * a chart's drawing, in the page's markup (ADR 0052); the page titles' texts, in its translator.
 * A kept page's key reads such properties and marks them (ADR 0054, rendered-pages.server.ts).
 */
export function withUnsentProperty<T extends object>(data: T, name: string, value: unknown): T {
  Object.defineProperty(data, name, { value, enumerable: false, writable: false, configurable: true });
  return data;
}
