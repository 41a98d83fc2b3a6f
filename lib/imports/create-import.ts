import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { requireClient } from "@/lib/requests/require-client";
import { checkImportRows } from "./check-import-rows";
import { getImport, type ImportView } from "./get-import";
import type { ImportSource } from "./import-statuses";

const INSERT_CHUNK = 500;

/**
 * A new import of initial requests: every row checked as POST /api/requests would (checkImportRows), stored with
 * its result. A CSV upload waits as `previewed` until its owner confirms it; an API import is `queued` at once (its
 * invalid rows are reported, the others filed). Filing is the background job's (drainImports).
 */
export async function createImport(db: Conn, actor: Actor, input: { source: ImportSource; filename: string | null; rows: unknown[] }): Promise<ImportView> {
  const client = requireClient(actor, "import requests");
  const checked = await checkImportRows(db, client, input.source, input.rows);
  const queued = input.source === "api";
  const anyValid = checked.some((r) => !r.error);
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
        status: !queued ? "previewed" : anyValid ? "queued" : "done",
        queuedAt: queued ? now() : null,
        doneAt: queued && !anyValid ? now() : null,
      })
      .returning({ id: imports.id });
    if (!created) throw new Error("import insert returned nothing");
    for (let start = 0; start < checked.length; start += INSERT_CHUNK) {
      await tx.insert(importRows).values(
        checked.slice(start, start + INSERT_CHUNK).map((row, i) => ({
          importId: created.id,
          rowNumber: start + i + 1,
          body: row.body,
          albumKey: row.albumKey,
          status: row.error ? ("invalid" as const) : ("pending" as const),
          error: row.error,
        })),
      );
    }
    return created.id;
  });
  return getImport(db, actor, importId);
}
