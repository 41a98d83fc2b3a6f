import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { optionalInt, pageParams } from "@/lib/query-params";

/**
 * Cursor paging of the API's lists (docs/api-guide.md, "Paging"; docs/decisions/cursor-paging.md). A cursor is the
 * sort key of the last row of a page, opaque to the caller: base64url of a JSON array holding the list's name and the
 * key's values. The next page holds the rows after that key, so rows added between two calls are neither repeated
 * nor skipped, as an offset would.
 */

/** The kinds of value a sort key holds: an instant to the microsecond (as stored), a calendar date, an id. */
const KEY_PATTERNS = {
  instant: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/,
  date: /^\d{4}-\d\d-\d\d$/,
  id: /^[1-9]\d{0,9}$/,
} as const;
export type KeyKind = keyof typeof KEY_PATTERNS;
type KeyValue<K extends KeyKind> = K extends "id" ? number : string;
type SortKey<S extends readonly KeyKind[]> = { [I in keyof S]: KeyValue<S[I]> };

const NOT_OURS = "is not a cursor this list gave (send X-Next-Cursor of the previous page as it was)";

/** The cursor of a page that ended at `key`, in the list named `list`. */
function encodeAfter(list: string, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([list, ...key])).toString("base64url");
}

function decodeAfter<S extends readonly KeyKind[]>(list: string, shape: S, value: string): SortKey<S> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 1 || parsed[0] !== list) return undefined;
  const key = parsed.slice(1);
  const fits = shape.every(
    (kind, i) => KEY_PATTERNS[kind].test(String(key[i])) && typeof key[i] === typeof (kind === "id" ? 0 : ""),
  );
  return fits ? (key as SortKey<S>) : undefined;
}

/** The `after` parameter of a list: a cursor it gave, decoded to its sort key; anything else is refused by name. */
function afterParam<S extends readonly KeyKind[]>(list: string, shape: S) {
  return z
    .string()
    .transform((value, ctx): SortKey<S> => {
      const key = /^[A-Za-z0-9_-]{1,400}$/.test(value) ? decodeAfter(list, shape, value) : undefined;
      if (key) return key;
      ctx.addIssue({ code: "custom", message: NOT_OURS });
      return z.NEVER;
    })
    .optional()
    .meta({
      description:
        "The `X-Next-Cursor` of the previous page, as it came: this page starts after that page's last item (not with `offset`)",
    });
}

/**
 * The paging parameters of a list with cursors: `limit`, `after`, and `offset` as before (absent means 0; it and
 * `after` together are refused by `offsetOrAfter`).
 */
export function cursorPageParams<S extends readonly KeyKind[]>(list: string, shape: S) {
  return { offset: optionalInt(0, 2_000_000_000), limit: pageParams.limit, after: afterParam(list, shape) };
}

/** Refuses `offset` with `after`: the cursor already says where the page starts. */
export function offsetOrAfter(q: { offset?: number; after?: unknown }, ctx: z.RefinementCtx) {
  if (q.offset !== undefined && q.after !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["offset"],
      message: "does not apply with after; send after alone (the cursor says where the page starts)",
    });
}

/**
 * The rows after `key` in the list's order: `(a, b) > (x, y)`, or `<` when the list runs newest (highest) first.
 * Timestamps are compared as stored, to the microsecond, so rows added within one millisecond keep their place.
 */
export function afterKey(
  columns: readonly SQLWrapper[],
  key: readonly (string | number)[],
  shape: readonly KeyKind[],
  descending: boolean,
): SQL {
  const values = key.map((v, i) =>
    shape[i] === "instant" ? sql`${v}::timestamptz` : shape[i] === "date" ? sql`${v}::date` : sql`${v}::int`,
  );
  return sql`(${sql.join([...columns], sql`, `)}) ${descending ? sql`<` : sql`>`} (${sql.join(values, sql`, `)})`;
}

/** An instant to the microsecond, as the cursor holds it (JavaScript dates keep milliseconds only). */
export const instantKey = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page read one row longer than asked: the extra row only says that another page follows, and the cursor of that
 * page is the last row shown's key.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => readonly (string | number)[], list: string) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeAfter(list, keyOf(last)) : undefined };
}
