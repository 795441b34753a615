import { isIP } from "node:net";
import type { Request } from "express";

/**
 * TRUST_PROXY: which proxies in front of the portal are believed when they say, in
 * X-Forwarded-For, -Proto and -Host, who the client is (ADR 0058). The answer becomes Express's
 * `req.ip`, the address every per-address rate limit counts (app/security/limits.server.ts), so
 * it must name the proxies exactly:
 *
 * - a hop count, `1` behind one nginx: Express walks X-Forwarded-For from the right, past that
 *   many proxies, and takes the address the outermost one saw. Entries further left are whatever
 *   the client sent and are never read;
 * - or the proxies' addresses, CIDR ranges or Express's names `loopback`, `linklocal`,
 *   `uniquelocal`, comma-separated: the walk stops at the first address that is not one of them.
 *
 * `true` (trust every hop) is refused: the leftmost entry, which the client writes, would be its
 * address, so every request could bring a new one and no per-address limit would ever be reached.
 * So is anything else that is neither form (`yes`, `on`, `false`, a typo): a value that does not
 * say what it trusts stops the portal at start rather than being guessed at.
 */
export type TrustProxy = number | readonly string[];

const names = ["loopback", "linklocal", "uniquelocal"] as const;

export const trustProxyForms =
  "a hop count (TRUST_PROXY=1 behind one proxy, such as the nginx of docker-compose.yml) or the trusted " +
  "proxies' addresses and CIDR ranges, comma-separated, which may include loopback, linklocal and " +
  "uniquelocal (TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=loopback); unset or 0 trusts no proxy";

/** Parses TRUST_PROXY into what Express's `trust proxy` takes; throws naming the right forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return 0;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (Number.isSafeInteger(hops)) return hops;
  }
  if (/^true$/i.test(trimmed)) {
    throw new Error(
      `TRUST_PROXY=${trimmed} is refused: it trusts every hop, so a client chooses its own address with ` +
        `X-Forwarded-For and escapes the per-address rate limits. Set ${trustProxyForms}.`,
    );
  }
  const entries = trimmed.split(",").map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY=${trimmed} is not valid (${invalid.map((entry) => JSON.stringify(entry)).join(", ")}): ` +
        `set ${trustProxyForms}.`,
    );
  }
  return entries.map((entry) => (isName(entry) ? entry.toLowerCase() : entry));
}

function isName(entry: string): boolean {
  return (names as readonly string[]).includes(entry.toLowerCase());
}

/**
 * An address, a CIDR range (address/prefix length) or one of Express's names. Zone ids
 * (`fe80::1%eth0`) and netmasks after the slash are not taken: Express's proxy-addr refuses the
 * first, and a prefix length says the same as the second.
 */
function isTrustedProxyEntry(entry: string): boolean {
  if (isName(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0 || address.includes("%")) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The client's address as TRUST_PROXY yields it (Express's `req.ip`): the portal's load context
 * passes it on as `clientAddress`, the key of every per-address limit.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * The host the resident sees: X-Forwarded-Host when the connection comes from a trusted proxy (the
 * same test Express makes for `req.hostname` and `req.protocol`), otherwise Host.
 */
export function requestHost(req: Request): string | undefined {
  const trusts = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return (trusts(req.socket.remoteAddress, 0) && req.get("x-forwarded-host")) || req.get("host");
}
