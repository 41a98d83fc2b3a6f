import type { imports } from "@/db/schema";

/** What an import's page and the imports list both show of it, before its counts. */
export function importHeader(found: typeof imports.$inferSelect) {
  return {
    id: found.id,
    source: found.source,
    filename: found.filename,
    status: found.status,
    createdBy: found.createdByName,
    dateAdded: found.dateAdded.toISOString(),
    queuedAt: found.queuedAt?.toISOString() ?? null,
    doneAt: found.doneAt?.toISOString() ?? null,
  };
}
