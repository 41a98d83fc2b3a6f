import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ownerNotices, requests, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, validationFailed, invalidTransition } from "@/lib/errors";
import { formatDay } from "@/lib/formatting";
import { lockRequest, type LockedRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { noFilingPossible } from "./copyright-office";
import { licenseWhenEveryOwnerDone } from "./license-when-every-owner-done";
import { deadlineWindow, noticeDueOnText } from "./notice-due-on";
import { NOTICE_METHOD_LABELS, type NoticeMethod } from "./notice-methods";
import { noticeToOwner } from "./notice-to-owner";
import type { ServeNoticeInput } from "./serve-notice-schema";
import { refuseNoticeForStream } from "./stream-license";

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice: the notice of intention to that owner was served, on the day and in
 * the way given. Idempotent: serving an already served notice changes nothing and answers the same way. Serving the
 * last one licenses the request. The request's row lock makes two "last" notices served at once license it once. For
 * an owner the Copyright Office's records do not identify, serving is filing the notice with the Office (physical
 * formats, `method: "copyright_office"` with its `filingReference`); for a digital format there is no way to serve it
 * (409 invalid_transition).
 */
export async function serveNotice(
  db: Db,
  actor: Actor,
  requestId: number,
  ownerId: number,
  serving: ServeNoticeInput,
): Promise<RequestView> {
  const employee = requireEmployee(actor, "serve notices of intention");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    await serveLockedNotices(tx, employee, request, [await noticeToOwner(tx, request, ownerId)], serving);
  });
  return findRequestView(db, {}, requestId);
}

type Notice = typeof ownerNotices.$inferSelect;
type Serving = Omit<ServeNoticeInput, "carrier" | "trackingNumber" | "filingReference"> &
  Partial<Pick<ServeNoticeInput, "carrier" | "trackingNumber" | "filingReference">>;

/**
 * Serves the notices not yet served among `notices` of a request the caller has locked; the last one licenses it.
 * Without a method a notice goes by mail (the Copyright Office is never assumed: filing there is a choice the employee
 * makes for an owner marked not found). A day served after the notices' due date needs the employee's attestation,
 * else 409 notice_late and nothing is written (docs/licensing-law.md).
 */
export async function serveLockedNotices(
  tx: Tx,
  employee: Actor,
  request: LockedRequest,
  notices: Notice[],
  serving: Serving,
): Promise<void> {
  const open = notices.filter((n) => n.servedAt === null);
  if (open.length === 0) return;
  await refuseNoticeForStream(tx, request);
  const method = serving.method ?? "mail";
  for (const notice of open) requireOfficeFiling(notice, method);
  const unservable = open.find((n) => n.route === "none");
  if (unservable) throw invalidTransition(noFilingPossible(unservable.ownerName));
  const servedOn = checkedServedOn(serving.servedOn, request);
  const [due] = await tx.select({ dueOn: noticeDueOnText() }).from(requests).where(eq(requests.id, request.id));
  if (!due) throw new Error(`request ${request.id} has no due date`);
  const late = servedOn > due.dueOn;
  if (late && !serving.lateAttestation) throw noticeLate(due.dueOn, servedOn);
  const contacts = await tx
    .select({
      id: songOwners.id,
      email: songOwners.email,
      postalAddress: songOwners.postalAddress,
      noticeEmailDesignated: songOwners.noticeEmailDesignated,
    })
    .from(songOwners)
    .where(
      inArray(
        songOwners.id,
        open.map((n) => n.ownerId),
      ),
    );
  for (const notice of open) {
    const contact = contacts.find((c) => c.id === notice.ownerId);
    requireContact(notice, method, contact);
    const lateAttestation = late && serving.lateAttestation ? { ...serving.lateAttestation, dueOn: due.dueOn } : null;
    await tx
      .update(ownerNotices)
      .set({
        servedAt: now(),
        servedByName: employee.name,
        servedByUserId: employee.userId,
        servedOn,
        servedMethod: method,
        servedNote: serving.note,
        servedCarrier: method === "mail" ? (serving.carrier ?? null) : null,
        servedTrackingNumber: method === "mail" ? (serving.trackingNumber ?? null) : null,
        filingReference: method === "copyright_office" ? (serving.filingReference ?? null) : null,
        lateAttestation,
      })
      .where(eq(ownerNotices.id, notice.id));
    await recordAudit(tx, employee, {
      action: "notice.served",
      entityType: "request",
      entityId: request.id,
      accountId: request.accountId,
      detail: {
        ownerId: notice.ownerId,
        ownerName: notice.ownerName,
        route: notice.route,
        servedOn,
        method,
        // The address used: the owner's email may change after the notice is served.
        ...(method === "email" ? { email: contact?.email } : {}),
        ...(lateAttestation ? { lateAttestation } : {}),
      },
    });
  }
  await licenseWhenEveryOwnerDone(
    tx,
    employee,
    request,
    (served) => `Every copyright owner has been served: ${served.map(servedText).join("; ")}.`,
  );
}

/** 409 notice_late: what happened, why it matters, and the two ways on. */
function noticeLate(dueOn: string, servedOn: string) {
  return new DomainError(
    "notice_late",
    `The notices of this request were due by ${formatDay(dueOn)} and this one is served on ${formatDay(servedOn)}: a ` +
      "notice served late forecloses the compulsory license unless no copy was distributed before it and none was " +
      "made more than 30 days before it. If both are true, serve it again with a lateAttestation " +
      '({ "noCopiesDistributed": true, "madeWithin30Days": true, "note": "how you know" }); otherwise move the ' +
      "request to “Cannot license” with the reason custom_license_required.",
    [{ path: "lateAttestation", message: `is required: the notice was due by ${dueOn}` }],
    { dueOn, servedOn },
  );
}

/**
 * Filing with the Copyright Office stands in for serving only an owner the Office's records do not identify, and the
 * Office takes such filings only for physical formats (route `copyright_office`): 409 office_filing_not_allowed.
 */
function requireOfficeFiling(notice: Notice, method: NoticeMethod) {
  if (method !== "copyright_office" || notice.route === "copyright_office") return;
  const why =
    notice.ownerNotFoundAt === null
      ? `${notice.ownerName} is not marked as missing from the Copyright Office's records, so the notice is served on the owner (by mail or email), not filed with the Office`
      : `${notice.ownerName} is missing from the Copyright Office's records, but the Office takes such filings only for physical formats and this release is digital: the request cannot be licensed on this share (move it to “Cannot license”)`;
  throw new DomainError(
    "office_filing_not_allowed",
    `${why}.`,
    [{ path: "method", message: `a Copyright Office filing is not allowed for ${notice.ownerName}` }],
    { ownerId: notice.ownerId, route: notice.route, ownerNotFound: notice.ownerNotFoundAt !== null },
  );
}

/** "Harbor Music Publishing by mail on Nov 2, 2026", for the timeline's licensing step. */
function servedText(n: Notice): string {
  const how = n.servedMethod ? ` ${NOTICE_METHOD_LABELS[n.servedMethod]}` : "";
  return `${n.ownerName}${how}${n.servedOn ? ` on ${formatDay(n.servedOn)}` : ""}`;
}

/** The days a notice of the request can be served on: from the day it was filed to today (service calendar). */
export function servingDays(request: { dateAdded: Date }): { filedOn: string; today: string } {
  return { filedOn: deadlineWindow(request.dateAdded).today, today: deadlineWindow().today };
}

/** The day served: today by default; never after today, nor before the day the request was filed. */
function checkedServedOn(servedOn: string | undefined, request: LockedRequest): string {
  const { filedOn, today } = servingDays(request);
  const day = servedOn ?? today;
  if (day > today)
    throw validationFailed([{ path: "servedOn", message: `must not be in the future (today is ${today})` }]);
  if (day < filedOn)
    throw validationFailed([{ path: "servedOn", message: `must not be before the request was filed (${filedOn})` }]);
  return day;
}

/**
 * A notice goes by mail to a postal address, and by email only to an address the owner designated for notices of
 * intention: without it, 409 owner_contact_missing.
 */
function requireContact(
  notice: Notice,
  method: NoticeMethod,
  owner: { email: string | null; postalAddress: string | null; noticeEmailDesignated: boolean } | undefined,
) {
  const missing =
    method === "mail" && !owner?.postalAddress
      ? "has no postal address on file"
      : method === "email" && !owner?.email
        ? "has no email address on file, let alone one designated for notices"
        : method === "email" && !owner?.noticeEmailDesignated
          ? "has not designated an email address for notices of intention"
          : null;
  if (missing) {
    throw new DomainError(
      "owner_contact_missing",
      `${notice.ownerName} ${missing}, so the notice cannot be served ${NOTICE_METHOD_LABELS[method]}: ${
        method === "email"
          ? "a notice may go by email only to an address the owner designated for notices; record the designation on the catalog song, or serve it by mail."
          : "add it to the owner first, or choose another way."
      }`,
      [{ path: "method", message: `${notice.ownerName} ${missing}` }],
      { ownerId: notice.ownerId, method, missing: method === "mail" ? "postalAddress" : "email" },
    );
  }
}
