import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requestCosts } from "@/db/schema";
import { formatTotal } from "@/lib/royalties/compute-royalty";

/** What the service paid on a request's behalf (Copyright Office filing fees), oldest first; amounts in USD. */
export async function listRequestCosts(db: Conn, requestId: number) {
  const rows = await db
    .select()
    .from(requestCosts)
    .where(eq(requestCosts.requestId, requestId))
    .orderBy(asc(requestCosts.id));
  return rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    description: c.description,
    amount: formatTotal(c.amount),
    dateAdded: c.dateAdded,
  }));
}
