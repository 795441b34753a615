/**
 * Password hashing with node:crypto scrypt. Stored form is self-describing so parameters can be
 * raised later without breaking existing hashes:
 *
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { passwordProblems } from "@common/password-rules";
import { serviceError } from "./errors";

export const scryptParameters = { N: 16384, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

/** Upper bound on N accepted from a stored hash, so a corrupt row cannot exhaust memory. */
const maxN = 1 << 20;

function deriveKey(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs about 128 * N * r bytes; allow twice that.
    const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0) + 1024 * 1024;
    scrypt(password.normalize("NFC"), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with a fresh random salt. `salt` may be given only for fixtures that must be
 * byte-for-byte reproducible (the demo seed); never for real users.
 */
export async function hashPassword(password: string, options: { salt?: Buffer } = {}): Promise<string> {
  const { N, r, p, keyLength, saltLength } = scryptParameters;
  const salt = options.salt ?? randomBytes(saltLength);
  const key = await deriveKey(password, salt, keyLength, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => Number(part));
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (N === undefined || r === undefined || p === undefined) return null;
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > maxN || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) {
    return null;
  }
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** Compares in constant time. A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
  });
  return timingSafeEqual(candidate, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password that no one knows. Sign-in verifies against it when the e-mail is
 * unknown or the user has no password, so those cases cost the same time as a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64"));
  return dummyHash;
}

/** Verifies against `stored`, or against the dummy hash when there is none or it is malformed (false then). */
export async function verifyPasswordOrDummy(password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored === null || stored === undefined || parseHash(stored) === null) {
    await verifyPassword(password, await dummyPasswordHash());
    return false;
  }
  return verifyPassword(password, stored);
}

/**
 * The password rules of spec section 5 (common/password-rules.ts), enforced by the back-end
 * too: throws BAD_USER_INPUT with `extensions.field` (`field`, default "password") and
 * `extensions.passwordProblems` (the rule codes, e.g. ["too_short", "no_digit"]).
 */
export function assertPasswordRules(password: string, field = "password"): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) {
    throw serviceError("BAD_USER_INPUT", `The password does not meet the rules: ${problems.join(", ")}`, {
      field,
      passwordProblems: problems,
    });
  }
}
