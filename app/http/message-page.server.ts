/**
 * A small page of its own for a resource route that cannot give its file (it has no error
 * boundary): the status, one localized sentence and the way back. No stack trace, no script.
 */
import { languageOf, translatorFor } from "~/i18n/i18n.server";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function messagePage(
  request: Request,
  status: number,
  messageKey: string,
  back: { href: string; labelKey: string },
  options: { values?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<Response> {
  const [t, language] = await Promise.all([translatorFor(request), languageOf(request)]);
  const message = escapeHtml(t(messageKey, options.values));
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; margin: 2rem; color: #1b1f23;">
<main><h1 style="font-size: 1.4rem;">${message}</h1><p><a href="${escapeHtml(back.href)}">${escapeHtml(t(back.labelKey))}</a></p></main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", ...options.headers },
  });
}

/**
 * What a loader threw (a 429 of the abuse limits, a back-end that is down or answered nonsense) as
 * a message page, for resource routes; anything else is thrown on.
 */
export async function thrownAsMessagePage(
  request: Request,
  error: unknown,
  back: { href: string; labelKey: string },
): Promise<Response> {
  const thrown = error as {
    type?: unknown;
    data?: { error?: unknown; retryAfterMinutes?: unknown };
    init?: ResponseInit | null;
  } | null;
  if (thrown === null || typeof thrown !== "object" || thrown.type !== "DataWithResponseInit") throw error;
  const status = thrown.init?.status ?? 500;
  const code = thrown.data?.error;
  if (code === "rate_limited") {
    const minutes = typeof thrown.data?.retryAfterMinutes === "number" ? thrown.data.retryAfterMinutes : 60;
    return messagePage(request, status, "errors.too_many_requests", back, {
      values: { minutes },
      headers: { "Retry-After": String(minutes * 60) },
    });
  }
  return messagePage(
    request,
    status,
    code === "invalid_response" ? "errors.invalid_response" : "errors.service_unavailable",
    back,
  );
}
