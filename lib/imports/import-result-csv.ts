import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { importRows, type ImportRowError } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { toCsv } from "@/lib/statements/csv";
import { findImport } from "./find-import";

/** A refusal in one cell: each field error on its column (or body path), else the detail. */
const describe = (error: ImportRowError) =>
  error.errors.length > 0 ? error.errors.map((e) => `${e.column ?? e.path}: ${e.message}`).join("; ") : error.detail;

/** GET /api/imports/{id}/result.csv: each row's request id, or its error code and message. */
export async function importResultCsv(db: Conn, actor: Actor, id: number) {
  await findImport(db, actor, id);
  const rows = await db
    .select({
      rowNumber: importRows.rowNumber,
      albumKey: importRows.albumKey,
      status: importRows.status,
      requestId: importRows.requestId,
      error: importRows.error,
    })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .orderBy(asc(importRows.rowNumber));
  return {
    filename: `import-${id}-result.csv`,
    body: toCsv(
      ["row", "albumKey", "status", "requestId", "errorCode", "error"],
      rows.map((r) => [
        r.rowNumber,
        r.albumKey,
        r.status,
        r.requestId,
        r.error?.code ?? null,
        r.error ? describe(r.error) : null,
      ]),
    ),
  };
}
