import { randomUUID } from "node:crypto";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The caller's X-Request-Id when it is a plain token (it is echoed and logged), else a new one. */
export function requestIdFrom(req: Request): string {
  return requestIdOf(req.headers.get("x-request-id"));
}

/** The same, from the header's value (a Node request's, before Next has made a Request of it). */
export function requestIdOf(given: string | null): string {
  return given !== null && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
