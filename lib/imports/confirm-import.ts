import { and, eq, exists } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { requireClient } from "@/lib/auth/require-client";
import { findImport } from "./find-import";
import { enqueueImportFinished } from "./import-finished-event";
import { getImport, type ImportView } from "./get-import";

/**
 * "File N valid rows": a previewed import is queued for the background job (done at once when no row is valid).
 * Confirming again, or an import already queued, changes nothing.
 */
export async function confirmImport(db: Conn, actor: Actor, id: number): Promise<ImportView> {
  const client = requireClient(actor, "file imports");
  await findImport(db, client, id);
  await db.transaction(async (tx) => {
    const hasPending = exists(
      tx
        .select({ n: importRows.rowNumber })
        .from(importRows)
        .where(and(eq(importRows.importId, id), eq(importRows.status, "pending"))),
    );
    await tx
      .update(imports)
      .set({ status: "queued", queuedAt: now() })
      .where(and(eq(imports.id, id), eq(imports.status, "previewed"), hasPending));
    const finished = await tx
      .update(imports)
      .set({ status: "done", queuedAt: now(), doneAt: now() })
      .where(and(eq(imports.id, id), eq(imports.status, "previewed")))
      .returning({ id: imports.id });
    if (finished.length > 0) await enqueueImportFinished(tx, id);
  });
  return getImport(db, actor, id);
}
