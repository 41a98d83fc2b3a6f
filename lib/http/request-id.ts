import { randomUUID } from "node:crypto";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The caller's X-Request-Id when it is a plain token (it is echoed and logged), else a new one. */
export function requestIdFrom(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given !== null && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
