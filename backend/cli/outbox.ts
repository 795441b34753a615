/**
 * `npm run -s outbox -- [email] [--limit N] [--text] [--json]` prints the newest e-mails of the
 * mail outbox in DATA_DIR's database (every e-mail the back-end sends is recorded there, with or
 * without SMTP), newest first, each with the links it contains — e.g. the password-reset link.
 *   --limit N   how many (default 5)
 *   --text      also print the plain-text body
 *   --json      one JSON array: [{ id, to, subject, createdAt, headers, links, text }] (headers: the
 *               message's extra header lines as an object, e.g. List-Unsubscribe; {} when none)
 */
import { headersOf, latestMessages, linksIn } from "../mail/outbox";
import { CliError, type CliOptions, runDatabaseCommand, runWhenEntryPoint } from "./cli-database";

const usage = "Usage: npm run -s outbox -- [email] [--limit N] [--text] [--json]";

interface OutboxArgs {
  email?: string;
  limit: number;
  text: boolean;
  json: boolean;
}

function parseArgs(args: readonly string[]): OutboxArgs {
  const parsed: OutboxArgs = { limit: 5, text: false, json: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    if (arg === "--text") parsed.text = true;
    else if (arg === "--json") parsed.json = true;
    else if (arg === "--limit") {
      const value = Number(args[index + 1]);
      if (!Number.isInteger(value) || value < 1 || value > 1000)
        throw new CliError(`--limit takes 1 to 1000\n${usage}`);
      parsed.limit = value;
      index += 1;
    } else if (arg.startsWith("-") || parsed.email !== undefined) throw new CliError(usage);
    else parsed.email = arg;
  }
  return parsed;
}

export async function runOutbox(args: readonly string[], options: CliOptions = {}): Promise<number> {
  return runDatabaseCommand(args, options, parseArgs, async (db, parsed, io) => {
    const messages = await latestMessages(db, { to: parsed.email, limit: parsed.limit });
    if (parsed.json) {
      io.out(
        JSON.stringify(
          messages.map((message) => ({
            id: message.id,
            to: message.to_address,
            subject: message.subject,
            createdAt: message.created_at,
            headers: headersOf(message.headers),
            links: linksIn(message.text),
            text: message.text,
          })),
          null,
          2,
        ),
      );
      return 0;
    }
    if (messages.length === 0) {
      io.err(parsed.email === undefined ? "The outbox is empty." : `No e-mails to ${parsed.email}.`);
      return 0;
    }
    for (const message of messages) {
      io.out(`#${message.id}  ${message.created_at}  to ${message.to_address}`);
      io.out(`  subject: ${message.subject}`);
      for (const [name, value] of Object.entries(headersOf(message.headers))) io.out(`  ${name}: ${value}`);
      for (const link of linksIn(message.text)) io.out(`  link: ${link}`);
      if (parsed.text) io.out(message.text.replace(/^/gm, "  | "));
      io.out("");
    }
    return 0;
  });
}

runWhenEntryPoint(import.meta.url, (args) => runOutbox(args));
