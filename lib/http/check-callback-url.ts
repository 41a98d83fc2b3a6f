import { DomainError } from "@/lib/errors";
import { problemResponse } from "./problem";
import { requestIdFrom } from "./request-id";

/** The cookie in which Auth.js keeps the address to return to (its name under https and plain http). */
const CALLBACK_COOKIES = ["__Secure-authjs.callback-url", "authjs.callback-url"];

/**
 * Whether Auth.js takes `value` as a callback address: a path on this site, or an absolute http(s) URL (its redirect
 * callback then keeps only this site's). Anything else (`javascript:`, a NUL, a bare word, a broken escape) makes
 * Auth.js throw InvalidCallbackUrl, a 500.
 */
function acceptable(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

function cookieValues(req: Request, name: string): string[] {
  return (req.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => {
      const raw = part.slice(name.length + 1);
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    });
}

/**
 * A request to the Auth.js routes whose `callbackUrl` (sent more than once, or one Auth.js cannot use) would end in
 * a 500: a 400 problem+json instead. An unusable callback cookie is cleared in the same answer, so the browser's next
 * try goes through. Null when the request may go on.
 */
export function checkCallbackUrl(req: Request): Response | null {
  const url = new URL(req.url);
  const given = url.searchParams.getAll("callbackUrl");
  const badCookies = CALLBACK_COOKIES.filter((name) =>
    cookieValues(req, name).some((value) => value !== "" && !acceptable(value, url.origin)),
  );
  const badQuery = given.length > 1 || given.some((value) => value !== "" && !acceptable(value, url.origin));
  if (!badQuery && badCookies.length === 0) return null;
  const response = problemResponse(
    new DomainError("validation_failed", "`callbackUrl` must be one path on this site.", [
      { path: "callbackUrl", message: "must be one path on this site" },
    ]),
    requestIdFrom(req),
  );
  for (const name of badCookies)
    response.headers.append(
      "Set-Cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
  return response;
}
