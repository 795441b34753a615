/**
 * Plain HTTP against the portal, as a script rather than a browser: sign-in by form POST (no
 * Origin or Sec-Fetch-Site header, which the portal's origin check lets through), a small cookie
 * jar, and manual redirects so every Set-Cookie on the way is seen.
 */

export class CookieJar {
  /** @type {Map<string, string>} */
  cookies = new Map();
  /**
   * Every Set-Cookie header value seen, in order.
   * @type {string[]}
   */
  setCookies = [];

  /** @param {Response} response */
  take(response) {
    this.takeLines(response.headers.getSetCookie());
  }

  /** @param {string[]} lines Set-Cookie header values (node:http's `set-cookie`) */
  takeLines(lines) {
    for (const line of lines) {
      this.setCookies.push(line);
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * GET/POST with the jar, following redirects by hand; returns the last response and its URL.
 * @param {string | URL} baseUrl
 * @param {string} path
 * @param {{ jar?: CookieJar, method?: string, form?: Record<string, string>, maxRedirects?: number, headers?:
 * Record<string, string> }} [options]
 */
export async function request(baseUrl, path, { jar, method = "GET", form, maxRedirects = 5, headers = {} } = {}) {
  let url = new URL(path, baseUrl);
  /** @type {{ method: string, body?: string }} */
  let init = { method, body: form ? new URLSearchParams(form).toString() : undefined };
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const response = await fetch(url, {
      method: init.method,
      body: init.body,
      redirect: "manual",
      headers: {
        ...headers,
        ...(init.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(jar?.cookies.size ? { Cookie: jar.header() } : {}),
      },
      signal: AbortSignal.timeout(30_000),
    });
    jar?.take(response);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      init = { method: "GET" };
      continue;
    }
    return { response, url, body: await response.text() };
  }
  throw new Error(`too many redirects from ${path}`);
}

/**
 * Signs in like the /login/email form does and returns the jar, the page it lands on and the
 * session cookie's Set-Cookie lines.
 * @param {string | URL} baseUrl
 * @param {string} email
 * @param {string} password
 * @param {{ remember?: boolean }} [options]
 */
export async function signIn(baseUrl, email, password, { remember = false } = {}) {
  const jar = new CookieJar();
  const form = { email, password, redirectTo: "", tenancyId: "", ...(remember ? { remember: "on" } : {}) };
  const { response, url } = await request(baseUrl, "/login/email", { jar, method: "POST", form });
  if (!jar.cookies.has("__session") || !response.ok) {
    throw new Error(`sign-in as ${email} failed: ${response.status} at ${url.pathname}`);
  }
  const sessionSetCookies = jar.setCookies.filter((line) => line.startsWith("__session="));
  return { jar, landing: url, sessionSetCookies };
}

/**
 * @param {string | URL} url
 * @param {{ timeoutMs: number, isStopping?: () => boolean }} options
 */
export async function waitFor(url, { timeoutMs, isStopping = () => false }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !isStopping()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
