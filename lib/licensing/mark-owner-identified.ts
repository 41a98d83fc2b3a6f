import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { invalidTransition } from "@/lib/errors";
import { lockRequest } from "@/lib/requests/lock-request";
import { refreshRoyaltyNotPayable } from "@/lib/royalties/royalty-not-payable";
import { STATUSES } from "@/lib/requests/statuses";
import { requestNotices, type NoticeView } from "./list-notices";
import { noticeToOwner } from "./notice-to-owner";

/**
 * POST /api/requests/{id}/owners/{ownerId}/owner-identified: an owner marked not found is identified after all. Their
 * share is payable from now on: it is owed again, so the request owes it as a top-up invoiced through Billing, and once
 * that is paid it goes to this owner. A notice not served yet can now be served on the owner (route `owner`); one
 * already filed with the Copyright Office stays filed. Idempotent; refused for an owner never marked not found.
 */
export async function markOwnerIdentified(
  db: Db,
  actor: Actor,
  requestId: number,
  ownerId: number,
): Promise<NoticeView> {
  const employee = requireEmployee(actor, "record owners identified after being not found");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const notice = await noticeToOwner(tx, request, ownerId);
    if (notice.ownerIdentifiedAt !== null) return;
    if (notice.ownerNotFoundAt === null) {
      throw invalidTransition(`${notice.ownerName} was never marked not found: there is nothing to identify.`);
    }
    if (request.statusCode !== "in_progress" && request.statusCode !== "licensed") {
      throw invalidTransition(
        `Owners are identified once licensing is in progress or done; this request is "${STATUSES[request.statusCode].label}".`,
      );
    }
    await tx
      .update(ownerNotices)
      .set({
        ownerIdentifiedAt: now(),
        ownerIdentifiedByName: employee.name,
        ...(notice.servedAt === null ? { route: "owner" as const } : {}),
      })
      .where(eq(ownerNotices.id, notice.id));
    const notPayable = await refreshRoyaltyNotPayable(tx, requestId);
    await recordAudit(tx, employee, {
      action: "notice.owner_identified",
      entityType: "request",
      entityId: requestId,
      accountId: request.accountId,
      detail: { ownerId, ownerName: notice.ownerName, royaltyNotPayable: notPayable },
    });
  });
  const notices = await requestNotices(db, requestId);
  return notices.find((n) => n.ownerId === ownerId)!;
}
