/**
 * What every page and every single-fetch data answer of the portal says to caches (ADR 0020):
 * keep nothing. Pages are built from the resident's session cookie (their figures, their name,
 * their language, a toast), so no answer is ever the same for another visitor, and a shared or
 * library computer's cache, or the back button after logout, must not hold a resident's figures.
 * Fingerprinted assets and the versioned translation files are not answered here (server.ts and
 * routes/public/locale-file.tsx keep them cacheable).
 */
export const privateNoStore = "private, no-store";

/** Sets `Cache-Control: private, no-store` on `headers`, replacing whatever a route had set. */
export function forbidStoring(headers: Headers): void {
  headers.set("Cache-Control", privateNoStore);
}

/**
 * The same response with `Cache-Control: private, no-store`. A response whose headers cannot be
 * changed (one made by Response.redirect, say) is copied instead.
 */
export function withoutStoring(response: Response): Response {
  try {
    forbidStoring(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    forbidStoring(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
