import { and, count, desc, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { cursorPageParams, offsetOrAfter, pageOf } from "@/lib/paging";
import { scoped } from "@/lib/scope";
import { requireImportReader } from "./find-import";
import type { ImportView } from "./get-import";
import { importHeader } from "./import-header";
import { IMPORT_ROW_STATUSES } from "./import-statuses";

/** The cursor of GET /api/imports' pages (newest first): the last import's id. */
const IMPORTS_LIST = "imports";

/** GET /api/imports's query: a page, from an offset or after a cursor. */
export const listImportsQuery = z
  .strictObject(cursorPageParams(IMPORTS_LIST, ["id"] as const))
  .superRefine(offsetOrAfter);
export type ListImportsQuery = z.output<typeof listImportsQuery>;

/** An import in the list: GET /api/imports/{id} without its progress and rows. */
export type ImportSummary = Omit<ImportView, "progress" | "rows" | "nextFrom">;

const rowsOf = (status: (typeof IMPORT_ROW_STATUSES)[number]) =>
  sql<number>`(select count(*) from ${importRows} r where r.import_id = ${imports.id} and r.status = ${status})`.mapWith(
    Number,
  );

/**
 * GET /api/imports: the caller's account's imports (every account's for the service's staff), newest first, with
 * their row counts, from `offset` or after the cursor's import, and the cursor of the next page when one follows.
 */
export async function listAccountImports(db: Conn, actor: Actor, query: ListImportsQuery) {
  const scope = scopeOf(requireImportReader(actor));
  const where = scoped(scope, { accountId: imports.accountId });
  const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, rowsOf(s)])) as Record<
    (typeof IMPORT_ROW_STATUSES)[number],
    ReturnType<typeof rowsOf>
  >;
  const [rows, [total]] = await Promise.all([
    // By the account's index (account, id); one more row than asked says whether a next page exists.
    db
      .select({ found: imports, ...counts })
      .from(imports)
      .where(and(where, query.after ? lt(imports.id, query.after[0]) : undefined))
      .orderBy(desc(imports.id))
      .offset(query.offset ?? 0)
      .limit(query.limit + 1),
    db.select({ n: count() }).from(imports).where(where),
  ]);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => [r.found.id], IMPORTS_LIST);
  return { items: items.map(toSummary), total: total?.n ?? 0, nextCursor };
}

type RowCounts = Record<(typeof IMPORT_ROW_STATUSES)[number], number>;

function toSummary({ found, ...counts }: { found: typeof imports.$inferSelect } & RowCounts): ImportSummary {
  return {
    ...importHeader(found),
    counts: { rows: Object.values(counts).reduce((a, b) => a + b, 0), ...counts },
  };
}
