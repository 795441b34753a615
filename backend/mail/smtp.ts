/**
 * SMTP delivery through nodemailer, used when SMTP_URL is set, e.g.
 * `smtp://user:pass@mail.example:587` (STARTTLS when the server offers it) or
 * `smtps://user:pass@mail.example:465` (TLS from the start).
 */
import nodemailer from "nodemailer";
import type { MailTransport } from "./mailer";

/** The URL without user and password, for logs. */
export function describeSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port === "" ? "" : `:${parsed.port}`}`;
  } catch {
    return "smtp (invalid URL)";
  }
}

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    description: describeSmtpUrl(url),
    async deliver(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers === undefined ? {} : { headers: { ...message.headers } }),
      });
    },
    close() {
      transporter.close();
    },
  };
}
