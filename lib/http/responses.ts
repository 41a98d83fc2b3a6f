import { createHash } from "node:crypto";
import { InvalidPathParam, notFound } from "@/lib/errors";
import { MAX_ID } from "@/lib/validation";

export const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(data, { status, headers });

export const created = (data: unknown, location: string) => json(data, 201, { Location: location });

export const noContent = () => new Response(null, { status: 204 });

/** A page of a list: a bare JSON array with the full count in X-Total-Count. */
export const list = (items: unknown[], total: number, headers: Record<string, string> = {}) =>
  json(items, 200, { ...headers, "X-Total-Count": String(total) });

/**
 * A page of a list paged by cursor: as `list`, and when another page follows, its cursor in `X-Next-Cursor` and its
 * address in `Link: <…>; rel="next"` (this URL with `after` set and `offset` dropped; relative, so it holds behind
 * any proxy). The last page has neither. `param` names the parameter the cursor goes in (`cursor` for a poll).
 */
export function cursorList(
  url: URL,
  page: { items: unknown[]; total: number; nextCursor?: string | undefined },
  param: { name: string; drop: string[] } = { name: "after", drop: ["offset"] },
) {
  if (page.nextCursor === undefined) return list(page.items, page.total);
  const next = new URLSearchParams(url.searchParams);
  for (const name of [...param.drop, param.name]) next.delete(name);
  next.set(param.name, page.nextCursor);
  return list(page.items, page.total, {
    "X-Next-Cursor": page.nextCursor,
    Link: `<${url.pathname}?${next.toString()}>; rel="next"`,
  });
}

/**
 * A read that clients poll: an ETag of its body, and 304 without a body when `If-None-Match` already holds it
 * (a `*`, or one of a comma-separated list; a weak `W/` match counts, as RFC 9110 says for GET).
 */
export function jsonWithETag(req: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const ifNoneMatch = req.headers.get("if-none-match");
  const tags = ifNoneMatch?.split(",").map((t) => t.trim().replace(/^W\//, "")) ?? [];
  if (tags.includes("*") || tags.includes(etag)) return new Response(null, { status: 304, headers: { ETag: etag } });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json", ETag: etag } });
}

/** Parses an integer id from a page's path; anything else cannot exist, so it is a 404 (the portal's 404 page). */
export function pathId(value: string | undefined, what: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw notFound(what);
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function pathUuid(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw notFound(what);
  return value.toLowerCase();
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/**
 * An API route's integer id from the path parameter `name`: anything else (not a number, 0, past our ids' range) is 400
 * validation_failed naming the parameter; a well-formed id that names nothing is the use case's 404.
 */
export function idParam(params: Record<string, string | undefined>, name: string, what: string): number {
  const value = params[name];
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) {
    const noun = what.toLowerCase();
    throw new InvalidPathParam(name, `must be ${article(noun)} ${noun} id, a whole number from 1 to ${MAX_ID}`);
  }
  return Number(value);
}

/** A UUID from the path parameter `name` (a licensee's id): anything else is 400 validation_failed naming it. */
export function uuidParam(params: Record<string, string | undefined>, name: string, what: string): string {
  const value = params[name];
  if (!value || !UUID.test(value)) {
    const noun = what.toLowerCase();
    throw new InvalidPathParam(
      name,
      `must be ${article(noun)} ${noun} id, a UUID such as 5f1c3a9e-0b7d-4c2e-9a61-2d8e4f7b1c05`,
    );
  }
  return value.toLowerCase();
}
