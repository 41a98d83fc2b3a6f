import type { Db } from "@/db/client";
import type { ApiVersion } from "@/lib/api-versions";
import { getDb } from "@/db";
import { requireRole, type Actor, type Gate } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { signInPath } from "@/lib/auth/return-path";
import { actorFromSessionUser } from "@/lib/auth/users";
import { DomainError, InvalidPathParam } from "@/lib/errors";
import { refuseUnknownApiVersion, requestedApiVersion, withApiVersion } from "./api-version";
import { errorPageResponse } from "./error-page";
import { canonicalBody, withIdempotency } from "./idempotency";
import { problemResponse } from "./problem";
import { checkApiRateLimit } from "@/lib/rate-limit";
import { readCsv } from "./read-csv";
import { readJson } from "./read-json";
import { requestIdFrom } from "./request-id";

export type ApiContext = {
  req: Request;
  url: URL;
  db: Db;
  actor: Actor;
  params: Record<string, string | undefined>;
  requestId: string;
  /** The API version the caller pinned with `CoverDesk-Version` (the newest without it): lib/api-versions.ts. */
  version: ApiVersion;
  /** The parsed JSON body (415/413/400 problems for bad bodies). */
  body(): Promise<unknown>;
};

// Next passes no params to routes without dynamic segments.
type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

export type ApiRouteOptions = {
  /**
   * The kinds of caller that may ever use the endpoint. Others get 403 before the body or query is read
   * (docs/product-rules.md, "Bodies and order of checks"), whatever they send; the use case still checks its own rules. `client:admin`: client staff
   * with the admin role (an admin key).
   */
  roles?: readonly Gate[];
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * The caller: an API key, or for a safe request without an Authorization header the portal session (so the portal
 * links to the API's own GET routes, e.g. the license PDF). A request without cookies has no session to read; the
 * session module (next-auth, which needs Next's request context) is loaded only for one that may.
 */
async function authenticate(db: Db, req: Request): Promise<{ actor: Actor; viaSession: boolean }> {
  const authorization = req.headers.get("authorization");
  if (authorization === null && SAFE_METHODS.has(req.method) && req.headers.has("cookie")) {
    const { currentUser } = await import("@/lib/auth/session");
    const user = await currentUser();
    if (user) return { actor: actorFromSessionUser(user), viaSession: true };
  }
  return { actor: await actorFromAuthorization(db, authorization), viaSession: false };
}

/** A browser navigating here (an address typed, a link followed), not a program calling the API. */
const isNavigation = (req: Request) => req.headers.get("sec-fetch-mode") === "navigate";

/**
 * The one wrapper every /api route uses: request id, authentication (API key, or the session on GET), role gate,
 * rate limit, the API version (`CoverDesk-Version`, read here once), Idempotency-Key on POST, and the single mapping of errors: problem+json for API callers, the portal's
 * error page for a signed-in browser, the sign-in page for a browser that is not signed in.
 */
export function apiRoute(handler: (ctx: ApiContext) => Promise<Response>, options: ApiRouteOptions = {}) {
  return async (req: Request, routeCtx: RouteContext): Promise<Response> => {
    const requestId = requestIdFrom(req);
    const requested = requestedApiVersion(req);
    const { version } = requested;
    let response: Response;
    let viaSession = false;
    try {
      const db = await getDb();
      const caller = await authenticate(db, req);
      const { actor } = caller;
      viaSession = caller.viaSession;
      // The message names no ids: a foreign id and a missing one must read the same.
      if (options.roles) requireRole(actor, options.roles, "use this endpoint");
      await checkApiRateLimit(db, {
        scope: callerScope(actor),
        accountId: actor.kind === "employee" ? null : actor.accountId,
      });
      refuseUnknownApiVersion(requested);
      const rawParams = (await routeCtx?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      let bodyPromise: Promise<unknown> | undefined;
      const ctx: ApiContext = {
        req,
        url: new URL(req.url),
        db,
        actor,
        params,
        requestId,
        version,
        body: () => (bodyPromise ??= readJson(req)),
      };
      const key = req.headers.get("idempotency-key");
      if (req.method === "POST" && key !== null) {
        if (!key.trim() || key.length > 255) {
          throw new DomainError("validation_failed", "Idempotency-Key must be 1 to 255 characters.", [
            { path: "Idempotency-Key", message: "must be 1 to 255 characters" },
          ]);
        }
        const fingerprint = `${req.method} ${ctx.url.pathname}\n${canonicalBody(await req.clone().text())}`;
        response = await withIdempotency(db, { scope: idempotencyScope(actor), key, fingerprint }, (tx) =>
          bodyProblemsFirst({ ...ctx, db: tx }, () => bodyPromise, handler),
        );
      } else {
        response = await bodyProblemsFirst(ctx, () => bodyPromise, handler);
      }
    } catch (err) {
      if (viaSession) return withApiVersion(errorPageResponse(err, req, requestId), version);
      if (err instanceof DomainError && err.code === "unauthorized" && isNavigation(req))
        return withApiVersion(signInRedirect(req), version);
      return withApiVersion(problemResponse(err, requestId), version);
    }
    response.headers.set("X-Request-Id", requestId);
    // Every answer here is the caller's own (who they are decides what they see): no cache may keep it, a browser's
    // included. A download's own "private, no-store" stays.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return withApiVersion(response, version);
  };
}

/**
 * The order of checks (docs/product-rules.md): a body that is not JSON, too large or broken answers before a path
 * parameter that names nothing (both are the caller's to fix, the body's problem first). A handler reads its path
 * parameters before its body, so when one is refused and the body was not read, it is read here to say so.
 */
async function bodyProblemsFirst(
  ctx: ApiContext,
  bodyRead: () => Promise<unknown> | undefined,
  handler: (ctx: ApiContext) => Promise<Response>,
): Promise<Response> {
  try {
    return await handler(ctx);
  } catch (err) {
    if (err instanceof InvalidPathParam && bodyRead() === undefined && hasBody(ctx.req)) {
      const csv = /^text\/csv\s*(;|$)/i.test(ctx.req.headers.get("content-type") ?? "");
      await (csv ? readCsv(ctx.req) : ctx.body());
    }
    throw err;
  }
}

const hasBody = (req: Request) =>
  req.headers.has("content-type") ||
  req.headers.has("transfer-encoding") ||
  Number(req.headers.get("content-length") ?? 0) > 0;

function signInRedirect(req: Request): Response {
  const { pathname, search } = new URL(req.url);
  const to = new URL(signInPath(pathname + search), req.url);
  return new Response(null, { status: 303, headers: { Location: to.toString(), "Cache-Control": "no-store" } });
}

/** A route that needs no API key (health checks). */
export function publicRoute(handler: (req: Request) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const requestId = requestIdFrom(req);
    const requested = requestedApiVersion(req);
    try {
      refuseUnknownApiVersion(requested);
      const response = await handler(req);
      response.headers.set("X-Request-Id", requestId);
      return withApiVersion(response, requested.version);
    } catch (err) {
      return withApiVersion(problemResponse(err, requestId), requested.version);
    }
  };
}

/** Idempotency keys belong to a client account (any of its keys or users may retry), or to one employee caller. */
function idempotencyScope(actor: Actor): string {
  return actor.kind === "employee" ? callerScope(actor) : `account:${actor.accountId}`;
}

function callerScope(actor: Actor): string {
  if (actor.kind === "employee") return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
  if (actor.kind === "client") return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
  return `user:${actor.userId}`;
}
