import { and, asc, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, releases, requestCosts, requests, songOwners, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { findRequestView } from "@/lib/requests/request-view";
import { formatTotal } from "@/lib/royalties/compute-royalty";
import { toPercent } from "@/lib/songs/schemas";
import { deadlineWindow, noticeDueOnText } from "./notice-due-on";

/** GET /api/requests/{id}/notices: the notices of intention of a request, one per owner share. */
export async function listNotices(db: Conn, actor: Actor, requestId: number) {
  requireEmployee(actor, "see notices of intention");
  await findRequestView(db, {}, requestId);
  return requestNotices(db, requestId);
}

/** Notices still to serve: not served, on a request whose licensing is in progress. */
export const toServe = () => and(isNull(ownerNotices.servedAt), eq(requests.statusCode, "in_progress"));

/** Notices with their request, release (for the due date) and track; callers add their own where and order. */
export function noticeRows(db: Conn) {
  return db
    .select({
      notice: ownerNotices,
      dueOn: noticeDueOnText(),
      songTitle: tracks.songTitle,
      filingFee: requestCosts.amount,
      ownerEmail: songOwners.email,
      ownerPostalAddress: songOwners.postalAddress,
      ownerNoticeEmailDesignated: songOwners.noticeEmailDesignated,
    })
    .from(ownerNotices)
    .innerJoin(songOwners, eq(songOwners.id, ownerNotices.ownerId))
    .innerJoin(requests, eq(requests.id, ownerNotices.requestId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .leftJoin(requestCosts, eq(requestCosts.ownerNoticeId, ownerNotices.id));
}

/**
 * A notice as the API shows it. `overdue`: not served, and its due date has passed. `route`: `owner` (served on the
 * owner), `copyright_office` (the owner is not in the Office's records: filed there, physical formats; `filingFee` is
 * the Office's fee, a cost on the request) or `none` (not in its records, and the format is digital: no way to serve
 * it). `servedOn` and `method`: the day and way it was served as recorded (null for notices served before they were
 * recorded); by mail its `carrier` and `trackingNumber`, with the Copyright Office its `filingReference`; served after
 * its due date, the employee's `lateAttestation` (with the due date it was late for). `acceptedOn`,
 * `acceptanceReference`, `acceptanceTerms`: a stream license's owner accepted it in writing (then `served` is true and
 * `method` null: nothing was served). The owner's email, whether the owner designated it for notices, and postal
 * address are the catalog's, today: what serving by email or mail needs.
 */
export function noticeView(
  row: {
    notice: typeof ownerNotices.$inferSelect;
    dueOn: string;
    filingFee: number | null;
    ownerEmail: string | null;
    ownerPostalAddress: string | null;
    ownerNoticeEmailDesignated: boolean;
  },
  today = deadlineWindow().today,
) {
  const n = row.notice;
  return {
    ownerId: n.ownerId,
    ownerName: n.ownerName,
    share: toPercent(n.shareBasisPoints),
    served: n.servedAt !== null,
    servedAt: n.servedAt?.toISOString() ?? null,
    servedBy: n.servedByName,
    servedOn: n.servedOn,
    method: n.servedMethod,
    note: n.servedNote,
    carrier: n.servedCarrier,
    trackingNumber: n.servedTrackingNumber,
    filingReference: n.filingReference,
    lateAttestation: n.lateAttestation,
    ownerEmail: row.ownerEmail,
    ownerNoticeEmailDesignated: row.ownerNoticeEmailDesignated,
    ownerPostalAddress: row.ownerPostalAddress,
    dueOn: row.dueOn,
    overdue: n.servedAt === null && row.dueOn < today,
    route: n.route,
    ownerNotFound: n.ownerNotFoundAt !== null,
    ownerIdentified: n.ownerIdentifiedAt !== null,
    filingFee: row.filingFee === null ? null : formatTotal(row.filingFee),
    acceptedOn: n.acceptedOn,
    acceptanceReference: n.acceptanceReference,
    acceptanceTerms: n.acceptanceTerms,
  };
}
export type NoticeView = ReturnType<typeof noticeView>;

/** The notices without the access check, for callers that already made it. */
export async function requestNotices(db: Conn, requestId: number): Promise<NoticeView[]> {
  const rows = await noticeRows(db).where(eq(ownerNotices.requestId, requestId)).orderBy(asc(ownerNotices.id));
  const { today } = deadlineWindow();
  return rows.map((row) => noticeView(row, today));
}
