import type { HeadersFunction } from "@remix-run/node";

/**
 * For routes whose actions or loaders may answer with an error that carries headers (a 429 with
 * Retry-After): Remix sends a route's headers on documents only when the route exports them.
 */
export const errorAwareHeaders: HeadersFunction = ({ errorHeaders, actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, key) => {
      if (key.toLowerCase() !== "set-cookie") headers.set(key, value);
    });
  }
  return headers;
};
