import { knownError, retryAfterOf } from "./problem";

// A route handler cannot render the portal's React layout, so this page repeats its look in a few lines of CSS.
const STYLE = `
body{margin:0;background:#f8fafc;color:#0f172a;font-family:ui-sans-serif,system-ui,sans-serif;-webkit-font-smoothing:antialiased}
header{border-bottom:1px solid #e2e8f0;background:#fff}
header div,main{max-width:72rem;margin:0 auto;padding:.75rem 1.5rem}
header a{font-size:1.125rem;font-weight:600;color:#0f172a;text-decoration:none}
main{padding-top:1.5rem}
.card{max-width:32rem;margin:0 auto;border:1px solid #e2e8f0;border-radius:.5rem;background:#fff;padding:1.5rem}
h1{margin:0;font-size:1.25rem;font-weight:600}
p{margin:.5rem 0 0;color:#334155}
a{color:#4338ca;text-underline-offset:2px}
:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
button{margin-top:1rem;border:0;border-radius:.375rem;background:#4f46e5;color:#fff;font:inherit;font-weight:600;padding:.5rem 1rem;cursor:pointer}
.ref{font-family:ui-monospace,monospace;font-size:.75rem;color:#475569}`;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A small page in the portal's look, for a route handler's answer to a browser: `card` is HTML, already escaped. */
export function portalLookHtml(title: string, card: string, role: "alert" | "status" | null = null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · CoverDesk</title><style>${STYLE}</style></head>
<body><header><div><a href="/">CoverDesk</a></div></header>
<main><div class="card"${role ? ` role="${role}"` : ""}><h1>${escapeHtml(title)}</h1>${card}</div></main></body></html>`;
}

/** Where "Back" leads: the page the browser came from on this site, or the dashboard. */
function backPath(req: Request): string {
  try {
    const referer = new URL(req.headers.get("referer") ?? "");
    if (referer.origin === new URL(req.url).origin) return referer.pathname + referer.search;
  } catch {
    // no or malformed Referer
  }
  return "/dashboard";
}

/**
 * The answer to a browser (a portal session) that a route handler refuses: an HTML page in the portal's look with
 * the error's status, what happened, and a link back; never problem+json (docs/product-rules.md, "The portal session on API routes").
 */
export function errorPageResponse(err: unknown, req: Request, requestId: string): Response {
  const domain = knownError(err, requestId);
  const status = domain?.status ?? 500;
  const title = domain?.title ?? "Something went wrong";
  const detail =
    domain?.detail ??
    "Something went wrong on our side. Try again; if it keeps happening, tell us the reference below.";
  const back = backPath(req);
  const html = portalLookHtml(
    title,
    `<p>${escapeHtml(detail)}</p>
<p>${back === "/dashboard" ? `<a href="/dashboard">Back to the dashboard</a>` : `<a href="${escapeHtml(back)}">Back</a> · <a href="/dashboard">Dashboard</a>`}</p>
${domain ? "" : `<p class="ref">Reference: ${escapeHtml(requestId)}</p>`}`,
    "alert",
  );
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "X-Request-Id": requestId,
    "Cache-Control": "no-store",
  });
  const retryAfter = domain && retryAfterOf(domain);
  if (retryAfter !== null) headers.set("Retry-After", String(retryAfter));
  return new Response(html, { status, headers });
}
