/**
 * Reading the mail outbox (the `mail_outbox` table): for tests, the `npm run outbox` command and
 * anyone following a password-reset link locally.
 */
import type { Kysely } from "kysely";
import type { Database, MailOutboxRow } from "../db/types";
import { normalizeEmail } from "../services/sign-in";

/** The newest messages first; only those to `to` when given (compared case-insensitively). */
export async function latestMessages(
  db: Kysely<Database>,
  options: { to?: string; limit?: number } = {},
): Promise<MailOutboxRow[]> {
  let query = db
    .selectFrom("mail_outbox")
    .selectAll()
    .orderBy("id", "desc")
    .limit(options.limit ?? 10);
  if (options.to !== undefined) query = query.where("to_address", "=", normalizeEmail(options.to));
  return query.execute();
}

/** Every http(s) link in a plain-text body, in order. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

/** A message's extra headers as the outbox keeps them (JSON, or null for none): {} when none. */
export function headersOf(stored: string | null): Record<string, string> {
  if (stored === null) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}
