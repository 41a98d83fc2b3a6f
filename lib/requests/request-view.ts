import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { amountDueView, amountPaidSql, latestInvoiceIdSql } from "@/lib/money/request-amounts";
import { royaltyView } from "@/lib/royalties/compute-royalty";
import { inRequestScope, requestRows } from "./request-rows";
import { STATUSES, statusView } from "./statuses";

const columns = {
  id: requests.id,
  licenseeId: albums.licenseeId,
  albumId: tracks.albumId,
  trackId: requests.trackId,
  releaseId: requests.releaseId,
  kind: requests.kind,
  statusCode: requests.statusCode,
  statusReason: requests.statusReason,
  licensingBegunAt: requests.licensingBegunAt,
  catalogSongId: tracks.catalogSongId,
  royaltyPerUnit: requests.royaltyPerUnit,
  royaltyQuantity: requests.royaltyQuantity,
  royaltyTotal: requests.royaltyTotal,
  serviceFee: requests.serviceFee,
  amountPaid: amountPaidSql,
  invoiceId: latestInvoiceIdSql,
  dateAdded: requests.dateAdded,
  dateUpdated: requests.dateUpdated,
};

type Row = Awaited<ReturnType<typeof baseQuery>>[number];

/** The request as the API shows it (product.md §8); `amountDue` only to those who pay (never to licensees, §1). */
function toRequestView(r: Row, scope: Scope) {
  return {
    id: r.id,
    licenseeId: r.licenseeId,
    albumId: r.albumId,
    trackId: r.trackId,
    releaseId: r.releaseId,
    kind: r.kind,
    status: statusView(r.statusCode, r.statusReason),
    songLinked: r.catalogSongId !== null,
    // A request that could not be licensed after all shows "not begun", as product.md §3's table says of its status.
    licensingBegun: r.licensingBegunAt !== null && STATUSES[r.statusCode].canBeLicensed,
    royalty: royaltyView({ perUnit: r.royaltyPerUnit, quantity: r.royaltyQuantity, total: r.royaltyTotal }),
    ...(scope.licenseeId ? {} : { amountDue: amountDueView(r) }),
    dateAdded: r.dateAdded.toISOString(),
    dateUpdated: r.dateUpdated.toISOString(),
  };
}
export type RequestView = ReturnType<typeof toRequestView>;

function baseQuery(db: Conn, scope: Scope, where: SQL | undefined) {
  return requestRows(db, columns).where(inRequestScope(scope, where));
}

export async function findRequestView(db: Conn, scope: Scope, id: number): Promise<RequestView> {
  const [row] = await baseQuery(db, scope, eq(requests.id, id));
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

export function pagedRequestViews(
  db: Conn,
  scope: Scope,
  where: SQL | undefined,
  page: { offset: number; limit: number; newestFirst: boolean },
) {
  const order = page.newestFirst
    ? [desc(requests.dateAdded), desc(requests.id)]
    : [asc(requests.dateAdded), asc(requests.id)];
  return baseQuery(db, scope, and(where))
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit)
    .then((rows) => rows.map((r) => toRequestView(r, scope)));
}
