import { NextResponse, type NextRequest } from "next/server";
import { RETURN_PATH_HEADER } from "@/lib/auth/return-path";
import { guardPagePost } from "@/lib/http/guard-page-post";
import { contentSecurityPolicy, HSTS } from "@/lib/http/security-headers";

/**
 * Runs before every page (not /api: its policy is fixed, next.config.ts): a fresh CSP nonce per request (Next reads it from the request's policy header and puts it
 * on its own scripts) and HSTS over https. (TRACE never gets here: lib/http/refuse-methods.ts.) It also tells pages
 * which path was asked for, so one that needs a session sends the visitor back there after signing in. A lookup of
 * the public verification page is counted here, so that one past the limit is a real 429 (lib/http/limit-verification.ts).
 * A server action from another site or over the body limit is a 403 or 413 here, not Next's 500 (lib/http/guard-page-post.ts).
 */
/** The public verification page, `/verify/{code}`: only its requests load the database (a dynamic import). */
const VERIFICATION_PAGE = /^\/verify\/[^/]+\/?$/;

export async function proxy(request: NextRequest) {
  const limited =
    guardPagePost(request) ??
    (VERIFICATION_PAGE.test(request.nextUrl.pathname)
      ? await (await import("@/lib/http/limit-verification")).limitVerification(request)
      : null);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  // Next inlines NODE_ENV at build time; it is not a setting (env.ts).
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set(RETURN_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = limited ?? NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  if (https) response.headers.set(HSTS.key, HSTS.value);
  return response;
}

export const config = {
  // Static files carry no script to protect, and API answers none either: both get fixed headers from next.config.ts.
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|apple-touch-icon.png|site.webmanifest).*)"],
};
