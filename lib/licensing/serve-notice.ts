import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ownerNotices, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, validationFailed, invalidTransition } from "@/lib/errors";
import { formatDay } from "@/lib/formatting";
import { applyTransition } from "@/lib/requests/apply-transition";
import { lockRequest, type LockedRequest } from "@/lib/requests/lock-request";
import { findRequestView, type RequestView } from "@/lib/requests/request-view";
import { noFilingPossible } from "./copyright-office";
import { deadlineWindow } from "./notice-due-on";
import { NOTICE_METHOD_LABELS, type NoticeMethod } from "./notice-methods";
import { noticeToOwner } from "./notice-to-owner";
import type { ServeNoticeInput } from "./serve-notice-schema";
import { refuseNoticeForStream } from "./stream-license";

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice: the notice of intention to that owner was served, on the day and in
 * the way given. Idempotent: serving an already served notice changes nothing and answers the same way. Serving the
 * last one licenses the request. The request's row lock makes two "last" notices served at once license it once. For
 * an owner the Copyright Office's records do not identify, serving is filing the notice with the Office (physical
 * formats); for a digital format there is no way to serve it (409 invalid_transition).
 */
export async function serveNotice(
  db: Db,
  actor: Actor,
  requestId: number,
  ownerId: number,
  serving: ServeNoticeInput = { note: null },
): Promise<RequestView> {
  const employee = requireEmployee(actor, "serve notices of intention");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId);
    await serveLockedNotices(tx, employee, request, [await noticeToOwner(tx, request, ownerId)], serving);
  });
  return findRequestView(db, {}, requestId);
}

type Notice = typeof ownerNotices.$inferSelect;

/**
 * Serves the notices not yet served among `notices` of a request the caller has locked; the last one licenses it.
 * Without a method, a notice goes by mail, or to the Copyright Office when that is its route.
 */
export async function serveLockedNotices(
  tx: Tx,
  employee: Actor,
  request: LockedRequest,
  notices: Notice[],
  serving: ServeNoticeInput = { note: null },
): Promise<void> {
  const open = notices.filter((n) => n.servedAt === null);
  if (open.length === 0) return;
  await refuseNoticeForStream(tx, request);
  const unservable = open.find((n) => n.route === "none");
  if (unservable) throw invalidTransition(noFilingPossible(unservable.ownerName));
  const servedOn = checkedServedOn(serving.servedOn, request);
  const contacts = await tx
    .select({ id: songOwners.id, email: songOwners.email, postalAddress: songOwners.postalAddress })
    .from(songOwners)
    .where(
      inArray(
        songOwners.id,
        open.map((n) => n.ownerId),
      ),
    );
  for (const notice of open) {
    const method = serving.method ?? (notice.route === "copyright_office" ? "copyright_office" : "mail");
    requireContact(
      notice,
      method,
      contacts.find((c) => c.id === notice.ownerId),
    );
    await tx
      .update(ownerNotices)
      .set({
        servedAt: now(),
        servedByName: employee.name,
        servedByUserId: employee.userId,
        servedOn,
        servedMethod: method,
        servedNote: serving.note,
      })
      .where(eq(ownerNotices.id, notice.id));
    await recordAudit(tx, employee, {
      action: "notice.served",
      entityType: "request",
      entityId: request.id,
      accountId: request.accountId,
      detail: { ownerId: notice.ownerId, ownerName: notice.ownerName, route: notice.route, servedOn, method },
    });
  }
  const [pending] = await tx
    .select({ n: count() })
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), isNull(ownerNotices.servedAt)));
  if (pending?.n === 0) {
    const served = await tx
      .select()
      .from(ownerNotices)
      .where(eq(ownerNotices.requestId, request.id))
      .orderBy(ownerNotices.id);
    await applyTransition(tx, employee, request, {
      to: "licensed",
      note: `Every copyright owner has been served: ${served.map(servedText).join("; ")}.`,
    });
  }
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

/** A notice goes by mail to a postal address and by email to an email address: without it, 409 owner_contact_missing. */
function requireContact(
  notice: Notice,
  method: NoticeMethod,
  owner: { email: string | null; postalAddress: string | null } | undefined,
) {
  const missing =
    method === "mail" && !owner?.postalAddress
      ? "postal address"
      : method === "email" && !owner?.email
        ? "email address"
        : null;
  if (missing) {
    throw new DomainError(
      "owner_contact_missing",
      `${notice.ownerName} has no ${missing} on file, so the notice cannot be served ${NOTICE_METHOD_LABELS[method]}: add it to the owner first, or choose another way.`,
      [{ path: "method", message: `${notice.ownerName} has no ${missing} on file` }],
      { ownerId: notice.ownerId, method, missing: method === "mail" ? "postalAddress" : "email" },
    );
  }
}
