import { env } from "@/env";
import { DomainError, RateLimitedError } from "@/lib/errors";

/**
 * A problem's `type`: the code's anchor on the served page /docs/errors (app/docs/errors), absolute on PUBLIC_BASE_URL
 * when it is set, else the relative reference RFC 9457 allows (resolved against the request's own address).
 */
function problemType(code: string): string {
  const base = env().PUBLIC_BASE_URL?.replace(/\/+$/, "") ?? "";
  return `${base}/docs/errors#${code}`;
}

function problemBody(err: DomainError) {
  return {
    type: problemType(err.code),
    title: err.title,
    status: err.status,
    detail: err.detail,
    code: err.code,
    // errors[].path is dotted everywhere (docs/decisions/error-paths.md): a field named as its patch path is
    // ("song/title", also a portal form's field name) reads `song.title` here.
    ...(err.errors ? { errors: err.errors.map((e) => ({ ...e, path: e.path.replaceAll("/", ".") })) } : {}),
    ...err.data,
  };
}

/** What a thrown value means to the caller: a domain error (a database outage is one), or null for a bug. */
export function knownError(err: unknown, requestId: string): DomainError | null {
  if (err instanceof DomainError) return err;
  if (isConnectionError(err)) return new ServiceUnavailableError();
  console.error(`[${requestId}] unhandled error`, err);
  return null;
}

/**
 * Maps any thrown value to problem+json; unknown errors become a 500 that never shows internals. No cache keeps an
 * error: it answers one caller at one moment (a 401, a 429, a 503 must not be replayed to the next).
 */
export function problemResponse(err: unknown, requestId: string): Response {
  const headers = new Headers({
    "Content-Type": "application/problem+json",
    "X-Request-Id": requestId,
    "Cache-Control": "no-store",
  });
  const domain = knownError(err, requestId);
  if (!domain) {
    const body = {
      type: problemType("internal_error"),
      title: "Internal error",
      status: 500,
      detail: `Something went wrong on our side. Quote request id ${requestId} when you contact us.`,
      code: "internal_error",
    };
    return new Response(JSON.stringify(body), { status: 500, headers });
  }
  if (domain.code === "unauthorized") headers.set("WWW-Authenticate", 'Bearer realm="coverdesk"');
  const retryAfter = retryAfterOf(domain);
  if (retryAfter !== null) headers.set("Retry-After", String(retryAfter));
  return new Response(JSON.stringify(problemBody(domain)), { status: domain.status, headers });
}

class ServiceUnavailableError extends DomainError {
  constructor() {
    super("service_unavailable", "The database is not reachable right now; try again shortly.");
  }
}

/** Seconds a 429 or 503 asks the caller to wait (the Retry-After header), else null. */
export function retryAfterOf(err: DomainError): number | null {
  if (err instanceof RateLimitedError) return err.retryAfterSeconds;
  return err.code === "service_unavailable" ? 2 : null;
}

/** Node's network errors; PostgreSQL's SQLSTATEs of class 08 (connection exception) are matched by prefix. */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown: the connection was terminated
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);
/** node-postgres's own messages for a connection that went away mid-query (they carry no code). */
const CONNECTION_LOST =
  /Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect/;

/** The database is down, restarting or full; drizzle wraps the driver's error, so the code may sit in a `cause`. */
function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code);
    if (UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (CONNECTION_LOST.test(String((e as { message?: unknown }).message))) return true;
  }
  return false;
}
