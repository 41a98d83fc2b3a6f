import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { getDb } from "@/db";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { DomainError, forbidden } from "@/lib/errors";
import { withIdempotency } from "./idempotency";
import { problemResponse } from "./problem";
import { checkRateLimit } from "./rate-limit";
import { readJson } from "./read-json";

export type ApiContext = {
  req: Request;
  url: URL;
  db: Db;
  actor: Actor;
  params: Record<string, string | undefined>;
  requestId: string;
  /** The parsed JSON body (415/413/400 problems for bad bodies). */
  body(): Promise<unknown>;
};

// Next passes no params to routes without dynamic segments.
type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

export type ApiRouteOptions = {
  /**
   * The kinds of caller that may ever use the endpoint. Others get 403 before the body or query is read
   * (product.md §8), whatever they send; the use case still checks its own rules.
   */
  roles?: readonly Actor["kind"][];
};

const ROLE_NAMES: Record<Actor["kind"], string> = { employee: "service staff", client: "client staff", licensee: "licensees" };

/**
 * The one wrapper every /api route uses: request id, API-key authentication, role gate, rate limit,
 * Idempotency-Key on POST, and the single mapping of errors to problem+json.
 */
export function apiRoute(handler: (ctx: ApiContext) => Promise<Response>, options: ApiRouteOptions = {}) {
  return async (req: Request, routeCtx: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    let response: Response;
    try {
      const db = await getDb();
      const actor = await actorFromAuthorization(db, req.headers.get("authorization"));
      if (options.roles && !options.roles.includes(actor.kind)) {
        throw forbidden(`Only ${options.roles.map((r) => ROLE_NAMES[r]).join(" or ")} can use this endpoint.`);
      }
      checkRateLimit(callerScope(actor));
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
        body: () => (bodyPromise ??= readJson(req)),
      };
      const key = req.headers.get("idempotency-key");
      if (req.method === "POST" && key !== null) {
        if (!key.trim() || key.length > 255) {
          throw new DomainError("validation_failed", "Idempotency-Key must be 1 to 255 characters.", [
            { path: "Idempotency-Key", message: "must be 1 to 255 characters" },
          ]);
        }
        const fingerprint = `${req.method} ${ctx.url.pathname}\n${await req.clone().text()}`;
        response = await withIdempotency(db, { callerScope: callerScope(actor), key, fingerprint }, () => handler(ctx));
      } else {
        response = await handler(ctx);
      }
    } catch (err) {
      return problemResponse(err, requestId);
    }
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
}

/** A route that needs no API key (health checks). */
export function publicRoute(handler: (req: Request) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const response = await handler(req);
      response.headers.set("X-Request-Id", requestId);
      return response;
    } catch (err) {
      return problemResponse(err, requestId);
    }
  };
}

function callerScope(actor: Actor): string {
  if (actor.kind === "employee") return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
  if (actor.kind === "client") return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
  return `user:${actor.userId}`;
}
