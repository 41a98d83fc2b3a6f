import { and, asc, desc, eq, gte, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import {
  albums,
  copyrightOfficeFees,
  formats,
  licensees,
  ownerNotices,
  releases,
  requests,
  requestStatusEvents,
  tracks,
} from "@/db/schema";
import { readerOf, type Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { licenseeGaps } from "@/lib/licensees/fields";
import {
  amountCreditedSql,
  amountDueView,
  amountPaidSql,
  creditedAtSql,
  latestInvoiceIdSql,
} from "@/lib/money/request-amounts";
import { formatTotal, royaltyView } from "@/lib/royalties/compute-royalty";
import { NOT_PAYABLE, notPayableParts, unpayableNotice } from "@/lib/royalties/royalty-not-payable";
import { ratesThroughSql } from "@/lib/royalties/load-rate-table";
import { clientScopeOf, EMPLOYEE_SCOPE, licenseeScopeOf, runScoped } from "@/lib/scope";
import { visibilityIn } from "@/lib/wall/visibility-in";
import type { Visibility } from "@/lib/wall/visibilities";
import { readableVisibilities } from "@/lib/wall/wall-permissions";
import { blockingAnswers, readStoredEligibility, type EligibilityOverride } from "./eligibility-answers";
import { afterKey, instantKey, pageOf } from "@/lib/paging";
import { REQUESTS_KEY, REQUESTS_LIST, type UpdatedCursor } from "./list-requests-query";
import { lengthNeededSql, licensingBlockers } from "./licensing-blockers";
import { inRequestScope, inRequestTableScope, requestRows } from "./request-rows";
import { STATUSES, statusView, type CannotLicenseReason, type StatusCode } from "./statuses";

/**
 * The note of the request's latest status event, as the caller may see it (wall-permissions.ts, as on the timeline).
 */
const latestNote = (visibilities: NoteVisibilities) => sql<string | null>`(
  select case when ${visibilityIn(sql`e.note_visibility`, visibilities)} then e.note end
  from ${requestStatusEvents} e where e.request_id = ${requests.id}
  order by e.date_added desc, e.id desc limit 1)`;

/** How many song parts a medley whole has (docs/product-rules.md, "Medleys": fewer than two cannot become ready). */
const medleyPartCount = sql<number>`(select count(*)::int from ${tracks} p where p.medley_track_id = ${tracks.id})`;

type MedleyPartRow = {
  requestId: number;
  trackId: number;
  title: string;
  code: StatusCode;
  reason: CannotLicenseReason | null;
};

/**
 * A medley whole's song parts on the same release, in track order, with their statuses (docs/product-rules.md,
 * "Medleys").
 */
const medleyParts = sql<MedleyPartRow[] | null>`(case when ${tracks.medley} then (
  select coalesce(json_agg(json_build_object('requestId', pr.id, 'trackId', pt.id, 'title', pt.song_title,
    'code', pr.status_code, 'reason', pr.status_reason) order by pt.id), '[]'::json)
  from ${tracks} pt join ${requests} pr on pr.track_id = pt.id and pr.release_id = ${requests.releaseId}
  where pt.medley_track_id = ${tracks.id}) end)`;

type OwnerShareRow = { ownerId: number; ownerName: string; shareBasisPoints: number; unpayable: boolean };

/** The request's owner shares, only when some of the royalty is not payable (to say whose and how much). */
const sharesWhenNotPayable = sql<OwnerShareRow[] | null>`(case when ${requests.royaltyNotPayable} > 0 then (
  select json_agg(json_build_object('ownerId', ${ownerNotices.ownerId}, 'ownerName', ${ownerNotices.ownerName},
    'shareBasisPoints', ${ownerNotices.shareBasisPoints}, 'unpayable', ${unpayableNotice}) order by ${ownerNotices.id})
  from ${ownerNotices} where ${ownerNotices.requestId} = ${requests.id}) end)`;

/** A request waiting for payment: its licensee's details a notice states (licenseeGaps), to say why a paid one waits. */
const licenseeNoticeDetails = sql<Parameters<typeof licenseeGaps>[0] | null>`(case when
  ${requests.statusCode} = 'need_payment' then (
  select json_build_object('companyName', l.company_name, 'firstName', l.first_name, 'lastName', l.last_name,
    'address', l.address, 'city', l.city, 'state', l.state, 'zip', l.zip, 'country', l.country, 'phone1', l.phone1,
    'officers', l.officers)
  from ${licensees} l where l.id = ${albums.licenseeId}) end)`;

/** The Copyright Office's filing fee in force, for a title on a physical format (the only ones the Office files). */
const officeFeePerTitle = sql<number | null>`(select ${copyrightOfficeFees.noticeOfIntention}
  from ${copyrightOfficeFees}, ${releases}, ${formats}
  where ${releases.id} = ${requests.releaseId} and ${formats.id} = ${releases.formatId} and ${formats.physical}
    and ${copyrightOfficeFees.effectiveFrom} <= current_date
  order by ${copyrightOfficeFees.effectiveFrom} desc limit 1)`.mapWith((v) => (v === null ? null : Number(v)));

/** The release's format's title (formats are a handful of reference rows, read by their key). */
const formatTitle = sql<string>`(select ${formats.title} from ${formats} where ${formats.id} = ${releases.formatId})`;

/** The note visibilities the reader may read: a list, or a statement's placeholder for it. */
type NoteVisibilities = Placeholder | readonly Visibility[];

const columnsFor = (noteVisibilities: NoteVisibilities) => ({
  id: requests.id,
  licenseeId: albums.licenseeId,
  albumId: tracks.albumId,
  trackId: requests.trackId,
  releaseId: requests.releaseId,
  kind: requests.kind,
  songTitle: tracks.songTitle,
  externalTrackId: tracks.externalTrackId,
  externalLicenseeId: licensees.externalLicenseeId,
  formatId: releases.formatId,
  formatTitle,
  releaseMonth: releases.releaseMonth,
  statusCode: requests.statusCode,
  statusReason: requests.statusReason,
  licensingBegunAt: requests.licensingBegunAt,
  catalogSongId: tracks.catalogSongId,
  royaltyPerUnit: requests.royaltyPerUnit,
  royaltyQuantity: requests.royaltyQuantity,
  royaltyTotal: requests.royaltyTotal,
  royaltyProvisional: requests.royaltyProvisional,
  releaseYear: releases.releaseYear,
  ratesThrough: ratesThroughSql,
  changedSinceReadyAt: requests.changedSinceReadyAt,
  royaltyTotalBeforeChange: requests.royaltyTotalBeforeChange,
  serviceFee: requests.serviceFee,
  royaltyNotPayable: requests.royaltyNotPayable,
  creditedRoyalty: requests.creditedRoyalty,
  officeFee: requests.officeFee,
  officeFeePerTitle,
  sharesWhenNotPayable,
  eligibility: requests.eligibility,
  eligibilityOverride: requests.eligibilityOverride,
  amountPaid: amountPaidSql,
  invoiceId: latestInvoiceIdSql,
  lengthNeeded: lengthNeededSql,
  licenseeNoticeDetails,
  amountCredited: amountCreditedSql,
  creditedAt: creditedAtSql,
  dateAdded: requests.dateAdded,
  dateUpdated: requests.dateUpdated,
  statusNote: latestNote(noteVisibilities),
  medley: tracks.medley,
  medleyTrackId: tracks.medleyTrackId,
  medleyPartCount,
  medleyParts,
  /** dateUpdated to the microsecond, for the cursor of an updatedSince poll. */
  updatedKey: instantKey(requests.dateUpdated),
  /** dateAdded to the microsecond, for the cursor of the list's next page. */
  addedKey: instantKey(requests.dateAdded),
});

export type RequestViewRow = Awaited<ReturnType<typeof baseQuery>>[number];
type Row = RequestViewRow;

/**
 * The request as the API shows it (docs/product-rules.md, "The request view"); `amountDue` only to those who pay (never
 * to licensees, "Roles and visibility").
 */
export function toRequestView(r: Row, scope: Scope) {
  return {
    id: r.id,
    licenseeId: r.licenseeId,
    albumId: r.albumId,
    trackId: r.trackId,
    releaseId: r.releaseId,
    kind: r.kind,
    // What the client's own records match a request by (docs/api-guide.md, "Matching requests to your records").
    songTitle: r.songTitle,
    format: { id: r.formatId, title: r.formatTitle },
    releaseMonth: r.releaseMonth,
    releaseYear: r.releaseYear,
    externalTrackId: r.externalTrackId,
    externalLicenseeId: r.externalLicenseeId,
    status: { ...statusView(r.statusCode, r.statusReason), note: r.statusNote },
    songLinked: r.catalogSongId !== null,
    // A request that could not be licensed after all shows "not begun", as the table of
    // docs/product-rules.md, "Request statuses" says of its status.
    licensingBegun: r.licensingBegunAt !== null && STATUSES[r.statusCode].canBeLicensed,
    medley: r.medley
      ? {
          kind: "whole" as const,
          partCount: Number(r.medleyPartCount),
          parts: (r.medleyParts ?? []).map((p) => ({
            requestId: p.requestId,
            trackId: p.trackId,
            title: p.title,
            status: statusView(p.code, p.reason),
          })),
        }
      : r.medleyTrackId !== null
        ? { kind: "part" as const, wholeTrackId: r.medleyTrackId }
        : null,
    // What keeps it from being licensed; an unpaid top-up or a paid request waiting is money, which licensees never see.
    licensingBlockedBy: licensingBlockers({
      ...r,
      licenseeIncomplete: r.licenseeNoticeDetails !== null && licenseeGaps(r.licenseeNoticeDetails).length > 0,
    }).filter((b) => !scope.licenseeId || b === "length_missing"),
    royalty: {
      ...royaltyView(
        { perUnit: r.royaltyPerUnit, quantity: r.royaltyQuantity, total: r.royaltyTotal },
        { provisional: r.royaltyProvisional, releaseYear: r.releaseYear, ratesThrough: r.ratesThrough },
      ),
      ...notPayableView(r),
    },
    ...(scope.licenseeId ? {} : { amountDue: amountDueView({ ...r, ended: !STATUSES[r.statusCode].canBeLicensed }) }),
    // The client's own answers, to those who gave them and the staff; never to licensees.
    ...(scope.licenseeId ? {} : { eligibility: eligibilityView(r, scope) }),
    // The staff's flag (noteChangesSinceReady): the client changed the request after ready; cleared by acknowledging.
    ...(scope.accountId === undefined ? { changedSinceReady: changedSinceReadyView(r) } : {}),
    dateAdded: r.dateAdded.toISOString(),
    dateUpdated: r.dateUpdated.toISOString(),
  };
}
export type RequestView = ReturnType<typeof toRequestView>;

/** The part of the royalty nobody can be paid (never invoiced), and whose share it is. */
function notPayableView(r: Pick<Row, "royaltyTotal" | "royaltyNotPayable" | "sharesWhenNotPayable">) {
  const shares = r.sharesWhenNotPayable ?? [];
  const { parts } = notPayableParts(r.royaltyTotal, shares);
  return {
    notPayable: formatTotal(r.royaltyNotPayable),
    notPayableOwners: shares.flatMap((s, i) =>
      s.unpayable
        ? [{ ownerId: s.ownerId, ownerName: s.ownerName, amount: formatTotal(parts[i]!), reason: NOT_PAYABLE }]
        : [],
    ),
  };
}

/** The answers as given, those that keep the request from `ready`, and (staff only) the override that lets it go on. */
function eligibilityView(r: Pick<Row, "eligibility" | "eligibilityOverride">, scope: Scope) {
  const stored = readStoredEligibility(r.eligibility);
  if (!stored) return null;
  const override: EligibilityOverride | null = r.eligibilityOverride ?? null;
  return {
    answers: stored.answers,
    answeredAt: stored.answeredAt,
    blocking: blockingAnswers(stored.answers),
    ...(scope.accountId === undefined ? { override } : {}),
  };
}

function changedSinceReadyView(r: Row) {
  if (r.changedSinceReadyAt === null || r.royaltyTotalBeforeChange === null) return null;
  return {
    since: r.changedSinceReadyAt.toISOString(),
    royaltyBefore: formatTotal(Number(r.royaltyTotalBeforeChange)),
    royaltyNow: formatTotal(r.royaltyTotal),
  };
}

function baseQuery(
  db: Conn,
  scope: Scope,
  where: SQL | undefined,
  noteVisibilities: NoteVisibilities = readableVisibilities(readerOf(scope)),
) {
  return requestRows(db, columnsFor(noteVisibilities)).where(inRequestScope(scope, where));
}

const requestById = (db: Conn, scope: Scope, p: (name: "id" | "noteVisibilities") => Placeholder) =>
  baseQuery(db, scope, eq(requests.id, p("id")), p("noteVisibilities"));

// GET /api/requests/{id} and every write's answer read one request: built once per kind of reader, the ids and the
// note visibilities the reader may read as placeholders.
const requestViewForEmployee = statement(["id", "noteVisibilities"], (db, p) => requestById(db, EMPLOYEE_SCOPE, p));
const requestViewForClient = statement(["id", "noteVisibilities", "accountId"], (db, p) =>
  requestById(db, clientScopeOf(p), p),
);
const requestViewForLicensee = statement(["id", "noteVisibilities", "accountId", "licenseeId"], (db, p) =>
  requestById(db, licenseeScopeOf(p), p),
);

export async function findRequestView(db: Conn, scope: Scope, id: number): Promise<RequestView> {
  const variants = { employee: requestViewForEmployee, client: requestViewForClient, licensee: requestViewForLicensee };
  const [row] = await runScoped(db, scope, variants, { id, noteVisibilities: readableVisibilities(readerOf(scope)) });
  if (!row) throw notFound(`Request ${id}`);
  return toRequestView(row, scope);
}

/** Requests matching `where` within the scope, oldest first (the order lists use). */
export async function requestViews(db: Conn, scope: Scope, where: SQL | undefined): Promise<RequestView[]> {
  const rows = await baseQuery(db, scope, where).orderBy(asc(requests.dateAdded), asc(requests.id));
  return rows.map((r) => toRequestView(r, scope));
}

export async function requestViewsByIds(db: Conn, scope: Scope, ids: number[]): Promise<RequestView[]> {
  if (ids.length === 0) return [];
  return requestViews(db, scope, inArray(requests.id, ids));
}

/**
 * One page of requests by date added then id, from `offset` or after the key `after` (the previous page's last
 * request), with the cursor of the next page when one follows.
 */
export async function pagedRequestViews(
  db: Conn,
  scope: Scope,
  where: SQL | undefined,
  page: { offset: number; after?: readonly [string, number]; limit: number; newestFirst: boolean },
) {
  const order = page.newestFirst
    ? [desc(requests.dateAdded), desc(requests.id)]
    : [asc(requests.dateAdded), asc(requests.id)];
  const after = page.after
    ? afterKey([requests.dateAdded, requests.id], page.after, REQUESTS_KEY, page.newestFirst)
    : undefined;
  // The page is chosen on the requests' own index first (account, date added, id); only its rows are joined (a deep
  // offset skips index entries, not joined rows). One more row than asked says whether a next page exists.
  const pageIds = db
    .select({ id: requests.id })
    .from(requests)
    .where(inRequestTableScope(db, scope, and(where, after)))
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit + 1);
  const rows = await baseQuery(db, scope, inArray(requests.id, pageIds)).orderBy(...order);
  const { items, nextCursor } = pageOf(rows, page.limit, (r) => [r.addedKey, r.id], REQUESTS_LIST);
  return { items: items.map((r) => toRequestView(r, scope)), nextCursor };
}

/**
 * GET /api/requests?updatedSince: requests changed at or after `since`, or after `cursor` (the last request of the
 * previous page), in (dateUpdated, id) order, and the cursor of the next page. The cursor holds dateUpdated to the
 * microsecond, as stored, so requests changed within one millisecond are neither skipped nor repeated.
 */
export async function changedRequestViews(
  db: Conn,
  scope: Scope,
  where: SQL | undefined,
  after: { since?: Date; cursor?: UpdatedCursor },
  limit: number,
) {
  const changed = after.cursor
    ? sql`(${requests.dateUpdated}, ${requests.id}) > (${after.cursor.dateUpdated}::timestamptz, ${after.cursor.id})`
    : gte(requests.dateUpdated, after.since ?? new Date(0));
  const rows = await baseQuery(db, scope, and(where, changed))
    .orderBy(asc(requests.dateUpdated), asc(requests.id))
    .limit(limit);
  const last = rows.at(-1);
  const next: UpdatedCursor = last
    ? { dateUpdated: last.updatedKey, id: last.id }
    : (after.cursor ?? { dateUpdated: (after.since ?? new Date(0)).toISOString(), id: 0 });
  return { items: rows.map((r) => toRequestView(r, scope)), changed, next };
}
