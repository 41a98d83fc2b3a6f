import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { lockRequest } from "./lock-request";
import { findRequestView, type RequestView } from "./request-view";

/**
 * POST /api/requests/{id}/acknowledge-changes: an employee has seen what the client changed after `ready` (and the
 * new royalty); the "changed since ready" flag goes. Acknowledging a request without the flag changes nothing.
 */
export async function acknowledgeChanges(db: Db, actor: Actor, requestId: number): Promise<RequestView> {
  const employee = requireEmployee(actor, "acknowledge a client's changes");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    if (request.changedSinceReadyAt === null) return;
    await tx
      .update(requests)
      .set({ changedSinceReadyAt: null, royaltyTotalBeforeChange: null, dateUpdated: now() })
      .where(eq(requests.id, requestId));
    await recordAudit(tx, employee, {
      action: "request.changes_acknowledged",
      entityType: "request",
      entityId: requestId,
      accountId: request.accountId,
      detail: { royaltyBefore: request.royaltyTotalBeforeChange, royaltyNow: request.royaltyTotal },
    });
  });
  return findRequestView(db, {}, requestId);
}
