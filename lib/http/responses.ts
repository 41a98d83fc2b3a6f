import { notFound } from "@/lib/errors";
import { MAX_ID } from "@/lib/validation";

export const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(data, { status, headers });

export const created = (data: unknown, location: string) => json(data, 201, { Location: location });

export const noContent = () => new Response(null, { status: 204 });

/** A page of a list: a bare JSON array with the full count in X-Total-Count. */
export const list = (items: unknown[], total: number) => json(items, 200, { "X-Total-Count": String(total) });

/** Parses an integer id from the path; anything else cannot exist, so it is a 404. */
export function pathId(value: string | undefined, what: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw notFound(what);
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function pathUuid(value: string | undefined, what: string): string {
  if (!value || !UUID.test(value)) throw notFound(what);
  return value.toLowerCase();
}
