import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { requests, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError } from "@/lib/errors";
import { lockRequest } from "./lock-request";

export type Assignment = { requestId: number; assignee: { id: number; name: string } | null };

/**
 * POST /api/requests/{id}/assignee: an employee takes a request (claim), hands it to a colleague, or leaves it to
 * anyone (null). Internal: the client's view and its `dateUpdated` do not change.
 */
export async function assignRequest(
  db: Db,
  actor: Actor,
  requestId: number,
  userId: number | null,
): Promise<Assignment> {
  const employee = requireEmployee(actor, "assign requests");
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const [assignee] =
      userId === null
        ? [null]
        : await tx
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.role, "employee"), isNull(users.deactivatedAt)));
    if (assignee === undefined) {
      throw new DomainError("validation_failed", `User ${userId} is not an active employee.`, [
        { path: "userId", message: "is not an active employee" },
      ]);
    }
    await tx.update(requests).set({ assigneeUserId: userId }).where(eq(requests.id, request.id));
    await recordAudit(tx, employee, {
      action: userId === null ? "request.unassigned" : "request.assigned",
      entityType: "request",
      entityId: request.id,
      accountId: request.accountId,
      detail: { from: request.assigneeUserId, to: userId },
    });
    return { requestId: request.id, assignee };
  });
}

/** The portal's "Claim": the signed-in employee takes the request. */
export async function claimRequest(db: Db, actor: Actor, requestId: number): Promise<Assignment> {
  const employee = requireEmployee(actor, "assign requests");
  if (employee.userId === null)
    throw new DomainError("forbidden", "Only a signed-in employee can claim a request; an API key assigns by userId.");
  return assignRequest(db, actor, requestId, employee.userId);
}
