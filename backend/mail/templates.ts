/**
 * The e-mails the back-end sends, in the recipient's language (da, en or nb; anything else gets
 * English, the spec's fallback), their texts from locales/{lng}/emails.json (./i18n.ts). Each has a
 * plain-text and an HTML part with the same content; the link stands alone on its own line in the
 * text part so mail clients and tests find it.
 */
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback, type Language } from "@common/languages";
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
export function mailHtmlDocument(language: Language, subject: string, body: string): string {
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
export function mailLinkButton(link: string, label: string): string {
  const href = escapeHtml(link);
  return `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #0b5394; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(label)}</a></p>
<p style="word-break: break-all;">${href}</p>`;
}

/** The password-reset e-mail with its one-time link. */
export function passwordResetMail(input: { to: string; language: string; brand: BrandId; link: string }): MailMessage {
  const language = languageOrFallback(input.language);
  const t = mailTexts(language);
  const texts = {
    greeting: t("greeting"),
    intro: t("password_reset.intro"),
    action: t("password_reset.action"),
    expiry: t("password_reset.expiry"),
    ignore: t("password_reset.ignore"),
  };
  const name = brandFor(input.brand).appName[language];
  const subject = `${name}: ${t("password_reset.subject")}`;
  const text = [
    texts.greeting,
    "",
    texts.intro,
    "",
    `${texts.action}:`,
    input.link,
    "",
    texts.expiry,
    texts.ignore,
    "",
    name,
    "",
  ].join("\n");
  const html = mailHtmlDocument(
    language,
    subject,
    `<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(texts.intro)}</p>
${mailLinkButton(input.link, texts.action)}
<p>${escapeHtml(texts.expiry)}<br>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(name)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
