/** The request header through which proxy.ts tells pages the path (and query) the browser asked for. */
export const RETURN_PATH_HEADER = "x-coverdesk-path";

const BASE = "http://coverdesk.invalid";

/**
 * A path on this site to return to after signing in, or null. Only same-origin paths pass: an absolute URL,
 * `//host`, `/\host` (browsers read it as `//host`) or anything that resolves elsewhere is refused (no open redirect).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE || url.pathname.startsWith("/login")) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The sign-in page, asked to send the visitor back to `path` (when it is a safe one) afterwards. */
export function signInPath(path: string | null | undefined): string {
  const back = safeReturnPath(path);
  return back && back !== "/dashboard" ? `/login?callbackUrl=${encodeURIComponent(back)}` : "/login";
}
