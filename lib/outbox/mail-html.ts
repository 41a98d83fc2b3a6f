const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;

/**
 * The HTML part of an outbox mail, made from its plain text and nothing else: every character escaped (a title or a
 * message holding markup shows as written), line breaks kept, web addresses linked.
 */
export function mailHtml(text: string): string {
  let html = "";
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(from, match.index))}<a href="${address}">${address}</a>`;
    from = match.index + match[0].length;
  }
  html += escapeHtml(text.slice(from));
  return `<!doctype html><html><body><div style="white-space: pre-wrap; font-family: sans-serif">${html}</div></body></html>`;
}
