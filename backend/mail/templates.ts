/**
 * The e-mails the back-end sends, in the recipient's language (da, en or nb; anything else gets
 * English, the spec's fallback), their texts from locales/{lng}/emails.json (./i18n.ts). Each has a
 * plain-text and an HTML part with the same content, both rendered from one list of parts
 * (renderMail); the link stands alone on its own line in the text part so mail clients and tests
 * find it.
 */

import { type BrandId, brandFor } from "@common/brands";
import { type Language, languageOrFallback } from "@common/languages";
import type { TFunction } from "i18next";
import { mailTexts } from "./i18n";
import type { MailMessage } from "./mailer";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** One line of plain text: no control characters (a name never breaks a header or a line). */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/** Every e-mail's HTML part: the document around its body (paragraphs), in the mail's language. */
function mailHtmlDocument(language: Language, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
${body}
</body>
</html>
`;
}

/** A link as a button, then the address itself (for mail clients that drop the button). */
function mailLinkButton(link: string, label: string): string {
  const href = escapeHtml(link);
  return `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #0b5394; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(label)}</a></p>
<p style="word-break: break-all;">${href}</p>`;
}

/** Whom an e-mail goes to, in which language, under whose app name (BRAND). */
export interface MailRecipient {
  to: string;
  language: string;
  brand: BrandId;
}

/** What every e-mail is written with: the recipient's language, its texts and the brand's app name. */
export interface MailSetting {
  language: Language;
  t: TFunction<"emails">;
  app: string;
}

export function mailSetting(input: Pick<MailRecipient, "language" | "brand">): MailSetting {
  const language = languageOrFallback(input.language);
  return { language, t: mailTexts(language), app: brandFor(input.brand).appName[language] };
}

/**
 * One piece of an e-mail's body:
 * - lines: one paragraph, its lines under each other (`<br>` in HTML), optionally in bold;
 * - action: the label and the link on a line of its own, in HTML a button (or a plain link);
 * - list: one line and link per item, in HTML a list with a link labelled `open` each.
 */
export type MailPart =
  | { lines: readonly string[]; strong?: boolean }
  | { action: string; link: string; plain?: boolean }
  | { list: readonly { line: string; link: string }[]; open: string };

/** A block of the body: a blank line of the text part separates it from the next; a part or several. */
export type MailBlock = MailPart | readonly MailPart[];

export interface MailParts extends MailSetting {
  to: string;
  /** The subject after the app name. */
  subject: string;
  /** What stands between the greeting and the app name that signs the e-mail. */
  body: readonly MailBlock[];
}

function partText(part: MailPart): string[] {
  if ("lines" in part) return [...part.lines];
  if ("action" in part) return [`${part.action}:`, part.link];
  return part.list.flatMap((item) => [`- ${item.line}`, `  ${item.link}`]);
}

function partHtml(part: MailPart): string {
  if ("lines" in part) {
    const lines = part.lines.map(escapeHtml).join("<br>");
    return `<p>${part.strong ? `<strong>${lines}</strong>` : lines}</p>`;
  }
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  if ("action" in part) {
    return part.plain ? `<p>${link(part.link, part.action)}</p>` : mailLinkButton(part.link, part.action);
  }
  const items = part.list.map((item) => `<li>${escapeHtml(item.line)}<br>${link(item.link, part.open)}</li>`);
  return ["<ul>", ...items, "</ul>"].join("\n");
}

/** An e-mail from its parts: greeting, body and app name, as plain text and as HTML of the same content. */
export function renderMail(parts: MailParts): MailMessage {
  const subject = `${parts.app}: ${parts.subject}`;
  const blocks: readonly (readonly MailPart[])[] = [
    [{ lines: [parts.t("greeting")] }],
    ...parts.body.map((block) => (Array.isArray(block) ? block : [block as MailPart])),
    [{ lines: [parts.app] }],
  ];
  const text = `${blocks.map((block) => block.flatMap(partText).join("\n")).join("\n\n")}\n`;
  const html = mailHtmlDocument(parts.language, subject, blocks.flat().map(partHtml).join("\n"));
  return { to: parts.to, subject, text, html };
}

/** The password-reset e-mail with its one-time link. */
export function passwordResetMail(input: MailRecipient & { link: string }): MailMessage {
  const mail = mailSetting(input);
  const { t } = mail;
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("password_reset.subject"),
    body: [
      { lines: [t("password_reset.intro")] },
      { action: t("password_reset.action"), link: input.link },
      { lines: [t("password_reset.expiry"), t("password_reset.ignore")] },
    ],
  });
}
