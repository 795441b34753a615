/**
 * The mailer (ADR 0009). Every message is first recorded in the `mail_outbox` table, which is
 * all the default mailer does: tests, the `npm run outbox` command and a person trying the portal
 * locally read the messages there. With a transport (SMTP when SMTP_URL is set), the message is
 * then delivered in the background: `send` resolves once the message is recorded, so a caller's
 * response time does not depend on the mail server (requestPasswordReset must answer alike whether
 * or not it sent anything). Delivery failures are logged, never thrown at the caller.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import type { Logger } from "../logger";

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header lines (e.g. List-Unsubscribe), recorded in the outbox (mail_outbox.headers, JSON)
   * and given to the transport. Names are header names; values one line each.
   */
  headers?: Readonly<Record<string, string>>;
}

/** What `send` with `awaitDelivery` throws when the transport refused the message (it is in the outbox). */
export class MailDeliveryError extends Error {
  constructor(
    readonly outboxId: number,
    readonly reason: unknown,
  ) {
    super(`mail #${outboxId} could not be delivered: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = "MailDeliveryError";
  }
}

export interface SendOptions {
  /**
   * Wait for the transport and throw MailDeliveryError when it fails, instead of delivering in the
   * background and only logging a failure: for a sender that tries again later (the weekly update).
   * Without a transport the message is only recorded, as always.
   */
  awaitDelivery?: boolean;
}

/** Delivers a recorded message somewhere else (SMTP). */
export interface MailTransport {
  /** e.g. "smtp://mail.example:587" without credentials; for logs. */
  readonly description: string;
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

export interface Mailer {
  /** Records the message (and queues its delivery when there is a transport); resolves with its outbox id. */
  send(message: MailMessage, options?: SendOptions): Promise<{ id: number }>;
  /** Resolves when every queued delivery has finished (delivered or failed and logged). */
  idle(): Promise<void>;
  /** Waits for queued deliveries, then closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Kysely<Database>;
  now: () => Date;
  logger: Logger;
  /** The From header of delivered messages. */
  from: string;
  /** Absent: messages are only recorded in the outbox. */
  transport?: MailTransport | null;
}

export const defaultMailFrom = "Mit Forbrug <no-reply@localhost>";

export function createMailer(options: MailerOptions): Mailer {
  const { db, logger, from } = options;
  const transport = options.transport ?? null;
  const pending = new Set<Promise<void>>();
  let closed = false;

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (transport === null) return;
    try {
      await transport.deliver({ ...message, from });
      logger.info(`mail #${id} delivered via ${transport.description}`);
    } catch (error) {
      // The address is personal data: log the outbox id, not the recipient.
      logger.error(`mail #${id} could not be delivered via ${transport.description}:`, error);
    }
  }

  return {
    async send(message, sendOptions = {}) {
      if (closed) throw new Error("the mailer is closed");
      const headers = message.headers !== undefined && Object.keys(message.headers).length > 0 ? message.headers : null;
      const { id } = await db
        .insertInto("mail_outbox")
        .values({
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          created_at: options.now().toISOString(),
          headers: headers === null ? null : JSON.stringify(headers),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (transport !== null && sendOptions.awaitDelivery === true) {
        try {
          await transport.deliver({ ...message, from });
        } catch (error) {
          logger.error(`mail #${id} could not be delivered via ${transport.description}:`, error);
          throw new MailDeliveryError(id, error);
        }
        logger.info(`mail #${id} delivered via ${transport.description}`);
        return { id };
      }
      if (transport !== null) {
        const delivery = deliver(id, message).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
      return { id };
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      while (pending.size > 0) await Promise.all([...pending]);
      transport?.close();
    },
  };
}
