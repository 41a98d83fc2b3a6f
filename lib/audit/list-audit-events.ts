import { count, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { auditEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";

/** An account's audit trail, newest first (who did what, when): for employees. */
export async function listAuditEvents(db: Conn, actor: Actor, input: { accountId: number; offset: number; limit: number }) {
  requireEmployee(actor, "see audit trails");
  const where = eq(auditEvents.accountId, input.accountId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.dateAdded), desc(auditEvents.id))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>["items"][number];
