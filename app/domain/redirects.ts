/**
 * Only our own relative paths are accepted as redirect targets: a path starting with a single "/",
 * without a scheme, host, backslash or control character. Anything else yields null.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = "http://portal.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can normalize to a protocol-relative target: "/.//evil.com" → "//evil.com".
    return path.startsWith("//") ? null : path;
  } catch {
    return null;
  }
}
