import type { Conn } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { auditEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";

/** Who did it: a caller, or the system itself (the CLI, an anonymous form such as "Forgot password?"). */
export type AuditActor = Pick<Actor, "kind" | "name"> | { kind: "system"; name: string };

// Every filing and status change records one: built once.
const insertAuditEvent = insertStatement(auditEvents, [
  "accountId",
  "actorKind",
  "actorName",
  "action",
  "entityType",
  "entityId",
  "detail",
]);

/** Appends to the audit trail; call it inside the transaction of the change it records. */
export async function recordAudit(
  db: Conn,
  actor: AuditActor,
  event: { action: string; entityType: string; entityId: string | number; accountId: number | null; detail?: unknown },
) {
  await insertAuditEvent.run(db, {
    accountId: event.accountId,
    actorKind: actor.kind,
    actorName: actor.name,
    action: event.action,
    entityType: event.entityType,
    entityId: String(event.entityId),
    detail: event.detail ?? null,
  });
}
