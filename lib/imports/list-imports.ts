import { count, desc, eq, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/auth/require-client";

/** The portal's list: the account's latest imports with their row counts. */
export async function listImports(db: Conn, actor: Actor, limit = 50) {
  const client = requireClient(actor, "import requests");
  const filed = sql<number>`count(*) filter (where ${importRows.status} = 'filed')`.mapWith(Number);
  return db
    .select({
      id: imports.id,
      filename: imports.filename,
      source: imports.source,
      status: imports.status,
      dateAdded: imports.dateAdded,
      rows: count(importRows.rowNumber),
      filed,
    })
    .from(imports)
    .leftJoin(importRows, eq(importRows.importId, imports.id))
    .where(eq(imports.accountId, client.accountId))
    .groupBy(imports.id)
    .orderBy(desc(imports.id))
    .limit(limit);
}
