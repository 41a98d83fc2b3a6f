import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { applyTransition, invalidTransition } from "@/lib/requests/apply-transition";
import { lockRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { STATUSES } from "@/lib/requests/statuses";

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice: the notice of intention to that owner was served.
 * Idempotent: serving an already served notice changes nothing and answers the same way. Serving the last
 * one licenses the request. The request's row lock makes two "last" notices served at once license it once.
 */
export async function serveNotice(db: Db, actor: Actor, requestId: number, ownerId: number): Promise<RequestView> {
  const employee = requireEmployee(actor, "serve notices of intention");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const byOwner = and(eq(ownerNotices.requestId, requestId), eq(ownerNotices.ownerId, ownerId));
    const [notice] = await tx.select().from(ownerNotices).where(byOwner);
    if (!notice) {
      const [owner] = await tx.select({ id: songOwners.id }).from(songOwners).where(eq(songOwners.id, ownerId));
      if (owner && request.statusCode !== "in_progress") {
        throw invalidTransition(
          `Notices are served while licensing is in progress; this request is "${STATUSES[request.statusCode].label}".`,
        );
      }
      throw notFound(`A notice to owner ${ownerId} on request ${requestId}`);
    }
    if (notice.servedAt !== null) return;
    await tx
      .update(ownerNotices)
      .set({ servedAt: now(), servedByName: employee.name, servedByUserId: employee.userId })
      .where(eq(ownerNotices.id, notice.id));
    await recordAudit(tx, employee, {
      action: "notice.served",
      entityType: "request",
      entityId: requestId,
      accountId: request.accountId,
      detail: { ownerId, ownerName: notice.ownerName },
    });
    const [pending] = await tx
      .select({ n: count() })
      .from(ownerNotices)
      .where(and(eq(ownerNotices.requestId, requestId), isNull(ownerNotices.servedAt)));
    if (pending?.n === 0) {
      await applyTransition(tx, employee, request, { to: "licensed", note: "Every copyright owner has been served." });
    }
  });
  return findRequestView(db, {}, requestId);
}
