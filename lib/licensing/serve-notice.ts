import { and, count, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { applyTransition, invalidTransition } from "@/lib/requests/apply-transition";
import { lockRequest, type LockedRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { noFilingPossible } from "./copyright-office";
import { noticeToOwner } from "./notice-to-owner";

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice: the notice of intention to that owner was served.
 * Idempotent: serving an already served notice changes nothing and answers the same way. Serving the last
 * one licenses the request. The request's row lock makes two "last" notices served at once license it once. For an
 * owner the Copyright Office's records do not identify, serving is filing the notice with the Office (physical
 * formats); for a digital format there is no way to serve it (409 invalid_transition).
 */
export async function serveNotice(db: Db, actor: Actor, requestId: number, ownerId: number): Promise<RequestView> {
  const employee = requireEmployee(actor, "serve notices of intention");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    await serveLockedNotices(tx, employee, request, [await noticeToOwner(tx, request, ownerId)]);
  });
  return findRequestView(db, {}, requestId);
}

type Notice = typeof ownerNotices.$inferSelect;

/** Serves the notices not yet served among `notices` of a request the caller has locked; the last one licenses it. */
export async function serveLockedNotices(tx: Tx, employee: Actor, request: LockedRequest, notices: Notice[]): Promise<void> {
  const open = notices.filter((n) => n.servedAt === null);
  if (open.length === 0) return;
  const unservable = open.find((n) => n.route === "none");
  if (unservable) throw invalidTransition(noFilingPossible(unservable.ownerName));
  for (const notice of open) {
    await tx
      .update(ownerNotices)
      .set({ servedAt: now(), servedByName: employee.name, servedByUserId: employee.userId })
      .where(eq(ownerNotices.id, notice.id));
    await recordAudit(tx, employee, {
      action: "notice.served",
      entityType: "request",
      entityId: request.id,
      accountId: request.accountId,
      detail: { ownerId: notice.ownerId, ownerName: notice.ownerName, route: notice.route },
    });
  }
  const [pending] = await tx
    .select({ n: count() })
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), isNull(ownerNotices.servedAt)));
  if (pending?.n === 0) {
    await applyTransition(tx, employee, request, { to: "licensed", note: "Every copyright owner has been served." });
  }
}
