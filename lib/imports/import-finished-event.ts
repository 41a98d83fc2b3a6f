import { count, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from "./import-statuses";

/**
 * `import.finished`, in the transaction that made the import `done` (every row filed, failed or invalid): its counts,
 * and where its rows are read (GET /api/imports/{id}).
 */
export async function enqueueImportFinished(tx: Conn, importId: number): Promise<void> {
  const [found] = await tx.select().from(imports).where(eq(imports.id, importId));
  if (!found || found.status !== "done") return;
  const data = async () => {
    const rows = await tx
      .select({ status: importRows.status, n: count() })
      .from(importRows)
      .where(eq(importRows.importId, importId))
      .groupBy(importRows.status);
    const counts = Object.fromEntries(IMPORT_ROW_STATUSES.map((s) => [s, 0])) as Record<ImportRowStatus, number>;
    for (const r of rows) counts[r.status] = r.n;
    return {
      import: {
        id: found.id,
        source: found.source,
        filename: found.filename,
        doneAt: found.doneAt?.toISOString() ?? null,
        counts: { rows: rows.reduce((s, r) => s + r.n, 0), ...counts },
        url: `/api/imports/${found.id}`,
      },
    };
  };
  await enqueueWebhookEvent(tx, { accountId: found.accountId, type: "import.finished", requestId: null, data });
}
