import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { invalidTransition } from "@/lib/errors";
import { enqueueStatusChange } from "./request-events";
import { creditRequest } from "@/lib/money/credit-request";
import { invoiceNumber } from "@/lib/money/invoice-number";
import { postOwnerRoyalties } from "@/lib/money/owner-royalties";
// A cycle within the area, on functions only (both run inside a transaction, neither at import time).
import { licenseUnblocked } from "./license-when-done";
import { newVerificationCode } from "./verification-code";
import { lockRequest, type LockedRequest } from "./lock-request";
import { medleyWholeMove } from "./medley-whole-status";
import { recordStatusEvent } from "./record-status-event";
import { notifyStatusNews } from "./status-news";
import { STATUSES, TRANSITIONS, type CannotLicenseReason, type StatusCode } from "./statuses";
import type { Visibility } from "@/lib/wall/visibilities";

export function assertTransition(from: StatusCode, to: StatusCode): void {
  if (TRANSITIONS[from].includes(to)) return;
  const allowed = TRANSITIONS[from].map((c) => STATUSES[c].label);
  throw invalidTransition(
    `A request that is "${STATUSES[from].label}" cannot move to "${STATUSES[to].label}"` +
      (allowed.length ? `; it can move to: ${allowed.join(", ")}.` : "; it is final."),
  );
}

/**
 * The one place a request's status changes: checks the state machine, stamps when licensing began and
 * when it was licensed, moves the money (a request that ends without a license is credited, a licensed one's royalty
 * becomes owed to its owners), records the step (with its actor and note) on the timeline and the audit trail, and
 * writes the account's webhook events and the news mails of the move (status-news.ts).
 * A song part's move carries its medley whole along (docs/product-rules.md, "Medleys"). The caller holds the request's lock (lockRequest).
 */
export async function applyTransition(
  tx: Tx,
  actor: Actor,
  request: LockedRequest,
  change: { to: StatusCode; reason?: CannotLicenseReason | null; note?: string | null; noteVisibility?: Visibility },
  followsParts = false,
): Promise<void> {
  // A medley whole is not moved by hand along the state machine: it follows its parts (medleyWholeMove).
  if (!followsParts) assertTransition(request.statusCode, change.to);
  const at = now();
  await tx
    .update(requests)
    .set({
      statusCode: change.to,
      statusReason: change.reason ?? null,
      dateUpdated: at,
      ...(change.to === "in_progress" ? { licensingBegunAt: at } : {}),
      ...(change.to === "licensed" ? { licensedAt: at, verificationCode: newVerificationCode() } : {}),
    })
    .where(eq(requests.id, request.id));
  let credit: Awaited<ReturnType<typeof creditRequest>> | null = null;
  if (change.to === "cannot_license" || change.to === "cancelled") {
    credit = await creditRequest(tx, request);
    await licenseTopUpsTheCreditPaid(tx, actor, request);
  }
  if (change.to === "licensed") await postOwnerRoyalties(tx, request);
  await recordStatusEvent(tx, actor, {
    requestId: request.id,
    fromCode: request.statusCode,
    toCode: change.to,
    reason: change.reason,
    note: change.note,
    noteVisibility: change.noteVisibility,
  });
  await recordAudit(tx, actor, {
    action: "request.status_changed",
    entityType: "request",
    entityId: request.id,
    accountId: request.accountId,
    detail: { from: request.statusCode, to: change.to, reason: change.reason ?? null },
  });
  await enqueueStatusChange(tx, request, request.statusCode, change.to);
  await notifyStatusNews(tx, request.id, change, credit);
  if (request.medleyTrackId !== null) await rollUpMedley(tx, actor, request);
}

/**
 * A credit that finishes paying an invoice also pays the other lines on it: a request in progress whose top-up is
 * one of them, and that waited only for it, is licensed in the same transaction.
 */
async function licenseTopUpsTheCreditPaid(tx: Tx, actor: Actor, credited: LockedRequest): Promise<void> {
  const mine = alias(invoiceLines, "mine");
  const paid = await tx
    .selectDistinct({ id: invoiceLines.requestId, year: invoices.year, number: invoices.number })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .innerJoin(mine, and(eq(mine.invoiceId, invoices.id), eq(mine.requestId, credited.id)))
    .innerJoin(requests, eq(requests.id, invoiceLines.requestId))
    .where(and(eq(invoices.status, "paid"), isNull(invoiceLines.creditedAt), eq(requests.statusCode, "in_progress")));
  for (const line of paid) {
    if (line.id === null) continue;
    await licenseUnblocked(tx, actor, [line.id], `The top-up was paid (invoice ${invoiceNumber(line)})`);
  }
}

/** Moves the medley whole on the part's release to where its parts now put it. */
async function rollUpMedley(tx: Tx, actor: Actor, part: LockedRequest): Promise<void> {
  const siblings = await tx
    .select({ code: requests.statusCode, reason: requests.statusReason })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(and(eq(tracks.medleyTrackId, part.medleyTrackId!), eq(requests.releaseId, part.releaseId)));
  const [whole] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.trackId, part.medleyTrackId!), eq(requests.releaseId, part.releaseId)));
  if (!whole) return;
  const locked = await lockRequest(tx, {}, whole.id);
  const move = medleyWholeMove(locked.statusCode, siblings);
  if (move) await applyTransition(tx, actor, locked, move, true);
}
