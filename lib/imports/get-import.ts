import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { importRows, type ImportRowError } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { findImport } from "./find-import";
import { importHeader } from "./import-header";
import { IMPORT_ROW_STATUSES, type ImportRowStatus, type ImportSource, type ImportStatus } from "./import-statuses";

/** GET /api/imports/{id}'s query: a page of rows from a row number, optionally of one status. */
export const importRowsQuery = z.strictObject({
  from: z.coerce
    .number({ error: "must be a row number" })
    .int("must be a row number")
    .min(1, "must be a row number")
    .max(1_000_000, "must be a row number")
    .default(1),
  limit: z.coerce
    .number({ error: "must be an integer from 1 to 1000" })
    .int("must be an integer from 1 to 1000")
    .min(1, "must be an integer from 1 to 1000")
    .max(1000, "must be an integer from 1 to 1000")
    .default(100),
  status: z.enum(IMPORT_ROW_STATUSES, { error: `must be one of ${IMPORT_ROW_STATUSES.join(", ")}` }).optional(),
});
export type ImportRowsQuery = z.output<typeof importRowsQuery>;

type ImportRowView = {
  rowNumber: number;
  albumKey: string | null;
  status: ImportRowStatus;
  requestId: number | null;
  error: ImportRowError | null;
};
type ImportCounts = Record<ImportRowStatus, number> & { rows: number };
export type ImportView = {
  id: number;
  source: ImportSource;
  filename: string | null;
  status: ImportStatus;
  createdBy: string;
  dateAdded: string;
  queuedAt: string | null;
  doneAt: string | null;
  counts: ImportCounts;
  /** While `checking`: rows checked (not unchecked) of all rows. After: rows settled (filed or failed) of the rows to file; 100 once done. */
  progress: { done: number; of: number; percent: number };
  rows: ImportRowView[];
  /** The `from` of the next page of rows, or null after the last. */
  nextFrom: number | null;
};

/** An import, its counts and progress, and a page of its rows (GET /api/imports/{id}, the portal's import page). */
export async function getImport(
  db: Conn,
  actor: Actor,
  id: number,
  query: ImportRowsQuery = { from: 1, limit: 100 },
): Promise<ImportView> {
  const found = await findImport(db, actor, id);
  const counts: ImportCounts = { rows: 0, unchecked: 0, pending: 0, filed: 0, failed: 0, invalid: 0 };
  const tallies = await db
    .select({ status: importRows.status, n: count() })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .groupBy(importRows.status);
  for (const { status, n } of tallies) {
    counts[status] = n;
    counts.rows += n;
  }
  const page = await db
    .select({
      rowNumber: importRows.rowNumber,
      albumKey: importRows.albumKey,
      status: importRows.status,
      requestId: importRows.requestId,
      error: importRows.error,
    })
    .from(importRows)
    .where(
      and(
        eq(importRows.importId, id),
        gte(importRows.rowNumber, query.from),
        query.status ? eq(importRows.status, query.status) : sql`true`,
      ),
    )
    .orderBy(asc(importRows.rowNumber))
    .limit(query.limit + 1);
  const more = page.length > query.limit;
  const rows = page.slice(0, query.limit);
  const checking = found.status === "checking";
  const done = checking ? counts.rows - counts.unchecked : counts.filed + counts.failed;
  const of = checking ? counts.rows : done + counts.pending;
  return {
    ...importHeader(found),
    counts,
    progress: { done, of, percent: of === 0 || found.status === "done" ? 100 : Math.floor((done * 100) / of) },
    rows,
    nextFrom: more ? rows.at(-1)!.rowNumber + 1 : null,
  };
}
