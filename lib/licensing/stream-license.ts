import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ownerNotices, releases } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { invalidTransition, validationFailed } from "@/lib/errors";
import { formatDay } from "@/lib/formatting";
import { isStreamFormat } from "@/lib/releases/stream-outlets";
import { lockRequest, type LockedRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { STATUSES } from "@/lib/requests/statuses";
import type { AcceptanceInput } from "./acceptance-schema";
import { licenseWhenEveryOwnerDone } from "./license-when-every-owner-done";
import { noticeToOwner } from "./notice-to-owner";
import { NO_NOTICE_FOR_STREAMS } from "./stream-license-text";
import { deadlineWindow } from "./notice-due-on";

// A license for interactive streams outside the MLC's blanket license is not the compulsory license of § 115: the
// owners grant it or not (docs/licensing-law.md, "Interactive streams"). Its owner_notices rows hold each owner's
// written acceptance where other formats hold the served notice.

/** Whether the request's release is interactive streams (its format). */
async function isStreamRequest(tx: Tx, request: Pick<LockedRequest, "releaseId">): Promise<boolean> {
  const [release] = await tx
    .select({ formatId: releases.formatId })
    .from(releases)
    .where(eq(releases.id, request.releaseId));
  return release !== undefined && isStreamFormat(release.formatId);
}

/** Serving a notice of a stream request: 409 invalid_transition, saying what to do instead. */
export async function refuseNoticeForStream(tx: Tx, request: LockedRequest): Promise<void> {
  if (await isStreamRequest(tx, request)) throw invalidTransition(NO_NOTICE_FOR_STREAMS);
}

/**
 * POST /api/requests/{id}/owners/{ownerId}/acceptance: the owner accepted the voluntary stream license in writing, on
 * the day given (not in the future, not before the request was filed), with its reference and any terms. The row is
 * then done as a served notice is (servedAt, by whom), so the lists of work still to do leave it out; the last
 * acceptance licenses the request, under the request's row lock as the last served notice does. Idempotent: an
 * accepted owner stays as first recorded. Only for stream requests (else 409), while licensing is in progress.
 */
export async function recordAcceptance(
  db: Db,
  actor: Actor,
  requestId: number,
  ownerId: number,
  input: AcceptanceInput,
): Promise<RequestView> {
  const employee = requireEmployee(actor, "record copyright owners' acceptances");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    const notice = await noticeToOwner(tx, request, ownerId);
    if (!(await isStreamRequest(tx, request))) {
      throw invalidTransition(
        "Only a license for interactive streams is accepted by the owners: this request is a compulsory license, " +
          "licensed by serving a notice of intention on each owner.",
      );
    }
    if (notice.servedAt !== null) return;
    if (request.statusCode !== "in_progress") {
      throw invalidTransition(
        `Acceptances are recorded while licensing is in progress; this request is "${STATUSES[request.statusCode].label}".`,
      );
    }
    const filedOn = deadlineWindow(request.dateAdded).today;
    const { today } = deadlineWindow();
    if (input.acceptedOn > today)
      throw validationFailed([{ path: "acceptedOn", message: `must not be in the future (today is ${today})` }]);
    if (input.acceptedOn < filedOn)
      throw validationFailed([
        { path: "acceptedOn", message: `must not be before the request was filed (${filedOn})` },
      ]);
    await tx
      .update(ownerNotices)
      .set({
        servedAt: now(),
        servedByName: employee.name,
        servedByUserId: employee.userId,
        servedOn: input.acceptedOn,
        acceptedOn: input.acceptedOn,
        acceptanceReference: input.reference,
        acceptanceTerms: input.terms,
      })
      .where(eq(ownerNotices.id, notice.id));
    await recordAudit(tx, employee, {
      action: "stream_license.accepted",
      entityType: "request",
      entityId: request.id,
      accountId: request.accountId,
      detail: { ownerId, ownerName: notice.ownerName, acceptedOn: input.acceptedOn, reference: input.reference },
    });
    await licenseWhenEveryOwnerDone(tx, employee, request, (owners) => {
      const list = owners.map((n) => `${n.ownerName} on ${formatDay(n.acceptedOn ?? n.servedOn!)}`).join("; ");
      return `Every copyright owner has accepted the stream license in writing: ${list}.`;
    });
  });
  return findRequestView(db, {}, requestId);
}
