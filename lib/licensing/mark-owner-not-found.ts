import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { copyrightOfficeFees, formats, ownerNotices, releases, requestCosts, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { invalidTransition } from "@/lib/errors";
import { roundToCents } from "@/lib/money/amounts";
import { creditRoyaltyExcess } from "@/lib/money/credit-royalty-excess";
import { lockRequest } from "@/lib/requests/lock-request";
import { refreshRoyaltyNotPayable } from "@/lib/royalties/royalty-not-payable";
import { STATUSES } from "@/lib/requests/statuses";
import { requestNotices, type NoticeView } from "./list-notices";
import { deadlineWindow } from "./notice-due-on";
import { noticeToOwner } from "./notice-to-owner";

/**
 * POST /api/requests/{id}/owners/{ownerId}/owner-not-found: the owner of this share is not in the Copyright Office's
 * records. For a physical release the notice is then filed with the Office instead (route `copyright_office`; serving
 * it is filing it); the title's first such filing makes the Office's fee in force today a cost on the request and a fee
 * to bill (`office_fee`), and other owners of the same title go on that filing (docs/decisions/office-fee-line.md).
 * For a digital release there is no such filing (route `none`): the notice can never be served, so the request cannot
 * be licensed on this share. Either way the owner's share is not payable: it leaves what the request owes, and what
 * was already invoiced of it goes back to the client's balance. Idempotent; refused once the notice is served.
 */
export async function markOwnerNotFound(db: Db, actor: Actor, requestId: number, ownerId: number): Promise<NoticeView> {
  const employee = requireEmployee(actor, "record owners missing from the Copyright Office's records");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const notice = await noticeToOwner(tx, request, ownerId);
    if (notice.ownerNotFoundAt !== null) return;
    if (notice.servedAt !== null) {
      throw invalidTransition(`The notice to ${notice.ownerName} is already served: the owner was found.`);
    }
    if (request.statusCode !== "in_progress") {
      throw invalidTransition(
        `Notices are served while licensing is in progress; this request is "${STATUSES[request.statusCode].label}".`,
      );
    }
    const [format] = await tx
      .select({ physical: formats.physical })
      .from(releases)
      .innerJoin(formats, eq(formats.id, releases.formatId))
      .where(eq(releases.id, request.releaseId));
    const route = format?.physical ? "copyright_office" : "none";
    const at = now();
    await tx
      .update(ownerNotices)
      .set({ route, ownerNotFoundAt: at, ownerNotFoundByName: employee.name })
      .where(eq(ownerNotices.id, notice.id));
    const [filed] =
      route === "copyright_office"
        ? await tx
            .select({ id: requestCosts.id })
            .from(requestCosts)
            .where(and(eq(requestCosts.requestId, requestId), eq(requestCosts.kind, "copyright_office_filing")))
        : [];
    if (route === "copyright_office" && !filed) {
      const [fee] = await tx
        .select()
        .from(copyrightOfficeFees)
        .where(lte(copyrightOfficeFees.effectiveFrom, deadlineWindow(at).today))
        .orderBy(desc(copyrightOfficeFees.effectiveFrom))
        .limit(1);
      if (!fee) throw new Error("no Copyright Office fee in force");
      await tx.insert(requestCosts).values({
        accountId: request.accountId,
        requestId,
        kind: "copyright_office_filing",
        amount: fee.noticeOfIntention,
        description: `Copyright Office filing fee: notice of intention for ${notice.ownerName}`,
        ownerNoticeId: notice.id,
        dateAdded: at,
      });
      // Billed to the client as its own invoice line: an invoice line holds whole cents.
      await tx
        .update(requests)
        .set({ officeFee: request.officeFee + roundToCents(fee.noticeOfIntention) })
        .where(eq(requests.id, requestId));
    }
    await refreshRoyaltyNotPayable(tx, requestId);
    const credited = await creditRoyaltyExcess(tx, request);
    await recordAudit(tx, employee, {
      action: "notice.owner_not_found",
      entityType: "request",
      entityId: requestId,
      accountId: request.accountId,
      detail: { ownerId, ownerName: notice.ownerName, route, creditedRoyalty: credited },
    });
  });
  const notices = await requestNotices(db, requestId);
  return notices.find((n) => n.ownerId === ownerId)!;
}
