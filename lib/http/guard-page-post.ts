import { DomainError } from "@/lib/errors";
import { ACTION_BODY_LIMIT_BYTES } from "./action-body-limit";
import { errorPageResponse } from "./error-page";
import { requestIdFrom } from "./request-id";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Route handlers (not server actions) meant to be posted to from elsewhere: the one-click unsubscribe (RFC 8058),
 * which a mail client or provider sends, maybe with its own Origin; its token is its credential.
 */
const CROSS_SITE_POSTS = new Set(["/unsubscribe"]);

/** The host the browser addressed, as Next's own server-action check reads it (a proxy's forwarded host first). */
function addressedHost(req: Request): string | null {
  return req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || req.headers.get("host");
}

function foreignOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin === null) return false; // Next lets an action without Origin through (an old browser); so do we
  try {
    return new URL(origin).host !== addressedHost(req);
  } catch {
    return true; // `null` (a sandboxed frame, a redirect across sites) or garbage: not this site
  }
}

/**
 * A POST to a page is a server action. Next refuses one from another site, and one over its body limit, by throwing,
 * which the browser sees as a 500 "something went wrong"; here (proxy.ts, before Next) the same requests get a 403 or
 * a 413 page that says what happened. Null when the request may go on.
 */
export function guardPagePost(req: Request): Response | null {
  if (SAFE_METHODS.has(req.method)) return null;
  if (!CROSS_SITE_POSTS.has(new URL(req.url).pathname) && foreignOrigin(req))
    return errorPageResponse(
      new DomainError("forbidden", "This form was sent from another site; open the page here and send it again."),
      req,
      requestIdFrom(req),
    );
  // A body streamed without Content-Length cannot be measured here without holding the stream Next reads next, and
  // Next answers one past its limit with a 500; browsers always send the length of a form, so only a hand-made
  // request is refused.
  const length = req.headers.get("content-length");
  if (length === null && req.headers.has("transfer-encoding"))
    return errorPageResponse(
      new DomainError("length_required", "Send the form with its Content-Length."),
      req,
      requestIdFrom(req),
    );
  if (Number(length ?? 0) > ACTION_BODY_LIMIT_BYTES)
    return errorPageResponse(
      new DomainError(
        "payload_too_large",
        `What was sent is larger than ${ACTION_BODY_LIMIT_BYTES / 1024 / 1024} MiB; send less at a time.`,
      ),
      req,
      requestIdFrom(req),
    );
  return null;
}
