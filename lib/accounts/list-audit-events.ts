import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { auditEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";

type Filters = { entity?: string; entityId?: string; person?: string };

/** An account's audit trail, newest first (who did what, when), narrowed to one kind of record, one record or one person: for employees. */
export async function listAuditEvents(
  db: Conn,
  actor: Actor,
  input: Filters & { accountId: number; offset: number; limit: number },
) {
  requireEmployee(actor, "see audit trails");
  const where = and(
    eq(auditEvents.accountId, input.accountId),
    input.entity === undefined ? undefined : eq(auditEvents.entityType, input.entity),
    input.entityId === undefined ? undefined : eq(auditEvents.entityId, input.entityId),
    input.person === undefined ? undefined : eq(auditEvents.actorName, input.person),
  );
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

/** The kinds of record and the people an account's audit trail names: the choices of its filters. */
export async function listAuditFacets(db: Conn, actor: Actor, accountId: number) {
  requireEmployee(actor, "see audit trails");
  const ofAccount = eq(auditEvents.accountId, accountId);
  const [entities, people] = await Promise.all([
    db
      .selectDistinct({ value: auditEvents.entityType })
      .from(auditEvents)
      .where(ofAccount)
      .orderBy(asc(auditEvents.entityType)),
    db
      .selectDistinct({ value: auditEvents.actorName })
      .from(auditEvents)
      .where(ofAccount)
      .orderBy(asc(auditEvents.actorName)),
  ]);
  return { entities: entities.map((e) => e.value), people: people.map((p) => p.value) };
}
