/**
 * Debian's Chromium (never a downloaded browser) and the flags both its users start it with: the
 * end-to-end tests (playwright.config.ts) and the benchmark's Lighthouse runs (scripts/bench): no
 * sandbox, GPU, background traffic, updates, sync, first-run screens or QUIC.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
