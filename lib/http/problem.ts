import { DomainError } from "@/lib/errors";

const PROBLEM_TYPE_BASE = "https://coverdesk.test/problems/";

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", `Too many requests for this API key; retry after ${retryAfterSeconds} s.`);
  }
}

function problemBody(err: DomainError) {
  return {
    type: `${PROBLEM_TYPE_BASE}${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.detail,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
  };
}

/** What a thrown value means to the caller: a domain error (a database outage is one), or null for a bug. */
export function knownError(err: unknown, requestId: string): DomainError | null {
  if (err instanceof DomainError) return err;
  if (isConnectionError(err)) return new DomainError("service_unavailable", "The database is not reachable right now; try again shortly.");
  console.error(`[${requestId}] unhandled error`, err);
  return null;
}

/** Maps any thrown value to problem+json; unknown errors become a 500 that never shows internals. */
export function problemResponse(err: unknown, requestId: string): Response {
  const headers = new Headers({ "Content-Type": "application/problem+json", "X-Request-Id": requestId });
  const domain = knownError(err, requestId);
  if (!domain) {
    const body = {
      type: `${PROBLEM_TYPE_BASE}internal_error`,
      title: "Internal error",
      status: 500,
      detail: `Something went wrong on our side. Quote request id ${requestId} when you contact us.`,
      code: "internal_error",
    };
    return new Response(JSON.stringify(body), { status: 500, headers });
  }
  if (domain.code === "unauthorized") headers.set("WWW-Authenticate", 'Bearer realm="coverdesk"');
  if (domain instanceof RateLimitedError) headers.set("Retry-After", String(domain.retryAfterSeconds));
  return new Response(JSON.stringify(problemBody(domain)), { status: domain.status, headers });
}

const UNAVAILABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "53300"]);

/** The database is down or full; drizzle wraps the driver's error, so the code may sit in a `cause`. */
function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNAVAILABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}
