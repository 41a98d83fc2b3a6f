import { escapeHtml, portalLookHtml } from "./error-page";

const htmlResponse = (html: string) =>
  new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The link's page: what it would stop and a button; the GET itself changes nothing (scanners prefetch links). */
export function askUnsubscribePage(words: string, email: string, action: string): Response {
  return htmlResponse(
    portalLookHtml(
      `Stop mails about ${words}?`,
      `<p>For ${escapeHtml(email)}. Other mails keep coming; change any of them in Settings → Profile.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop these mails</button></form>`,
    ),
  );
}

/** After the button or a mail client's one-click POST. */
export function unsubscribedPage(words: string, email: string): Response {
  return htmlResponse(
    portalLookHtml(
      "You are unsubscribed",
      `<p>${escapeHtml(email)} will no longer get mails about ${escapeHtml(words)}; change it in
<a href="/settings/profile">Settings → Profile</a>.</p>`,
      "status",
    ),
  );
}
