import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { requireClient } from "@/lib/auth/require-client";
import { getImport, type ImportView } from "./get-import";
import { enqueueImportFinished } from "./import-finished-event";
import { afterCheck } from "./import-job";
import type { ImportSource } from "./import-statuses";
import { parseImportRows } from "./parse-import-rows";

const INSERT_CHUNK = 500;

/**
 * A new import of initial requests: every row parsed as POST /api/requests would (parseImportRows) and stored, those
 * that pass as `unchecked`, the import `checking`: the check job (checkImports) dry-runs them in the background, then
 * a CSV upload waits as `previewed` for its owner's confirmation and an API import is queued (its invalid rows are
 * reported, the others filed by drainImports). An import with no row left to dry-run skips the job.
 */
export async function createImport(
  db: Conn,
  actor: Actor,
  input: { source: ImportSource; filename: string | null; rows: unknown[] },
): Promise<ImportView> {
  const client = requireClient(actor, "import requests");
  const parsed = parseImportRows(input.source, input.rows);
  const anyToCheck = parsed.some((r) => !r.error);
  const importId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(imports)
      .values({
        accountId: client.accountId,
        createdByUserId: client.userId,
        createdByApiKeyId: client.apiKeyId,
        createdByName: client.name,
        source: input.source,
        filename: input.filename,
        ...(anyToCheck ? { status: "checking" as const } : afterCheck(input.source, false, now())),
      })
      .returning({ id: imports.id });
    if (!created) throw new Error("import insert returned nothing");
    for (let start = 0; start < parsed.length; start += INSERT_CHUNK) {
      await tx.insert(importRows).values(
        parsed.slice(start, start + INSERT_CHUNK).map((row, i) => ({
          importId: created.id,
          rowNumber: start + i + 1,
          body: row.body,
          albumKey: row.albumKey,
          status: row.error ? ("invalid" as const) : ("unchecked" as const),
          error: row.error,
        })),
      );
    }
    // Nothing to check: the import is done already (or waits for its owner's confirmation).
    await enqueueImportFinished(tx, created.id);
    return created.id;
  });
  return getImport(db, actor, importId);
}
