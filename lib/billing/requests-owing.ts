import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { PgSelectBase, SelectedFields } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { albums, invoiceLines, invoices, requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { formatAmount } from "@/lib/money/amounts";
import { invoiceNumber } from "@/lib/money/invoice-number";
import { amountDue } from "@/lib/money/request-amounts";
import { inRequestScope, inRequestTableScope, requestRows } from "@/lib/requests/request-rows";
import type { StatusCode } from "@/lib/requests/statuses";

/**
 * Requests an invoice may hold: waiting for payment, or (a length supplied later raised the royalty) a top-up once
 * licensing began. Migration 0022's `request_owing()` trigger writes this list (and amountDue's rounding) in SQL to
 * keep `requests.owing`: a change here changes it there, in a new migration.
 */
export const INVOICEABLE: readonly StatusCode[] = ["need_payment", "in_progress", "licensed"];

/** The Billing page's pages of requests waiting for an invoice. */
export const OWING_PAGE_SIZE = 100;

/**
 * The scope's (or one album's) requests still owing: an invoiceable status and more than their live invoice lines
 * hold. The requests carry that themselves (`owing`, kept by migration 0022's triggers), so only those are read, on
 * the partial index `requests_owing_idx` (the condition is the bare column, as in the index's, so PostgreSQL proves
 * the index applies).
 */
const owingIn = (scope: Scope, albumId?: number) =>
  inRequestScope(scope, sql`${requests.owing}`, albumId === undefined ? undefined : eq(albums.id, albumId));

/**
 * Requests with their track and album, all that the owing lists show: the release and licensee of the request-list
 * join (requestRows) would be looked up for each of the thousand owing requests and never read.
 */
function owingRows<T extends SelectedFields>(db: Conn, fields: T, distinct = false) {
  // Built on the plain SelectedFields type and narrowed to T on return, as requestRows is.
  const selected = fields as SelectedFields;
  const query = (distinct ? db.selectDistinct(selected) : db.select(selected))
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId));
  return query as unknown as PgSelectBase<
    "requests",
    T,
    "partial",
    Record<"requests" | "tracks" | "albums", "not-null">
  >;
}

/**
 * What each owing request (of the scope, or of one album) still owes beyond its live invoice lines: the part an
 * invoice would hold now, by album, one page (the first 1000 unless told). A top-up is such an amount on a request
 * whose licensing has begun.
 */
export async function listOwing(
  db: Conn,
  scope: Scope,
  { albumId, offset = 0, limit = 1000 }: { albumId?: number; offset?: number; limit?: number } = {},
) {
  const rows = await owingRows(db, {
    id: requests.id,
    statusCode: requests.statusCode,
    songTitle: tracks.songTitle,
    albumId: albums.id,
    albumTitle: albums.title,
    royaltyTotal: requests.royaltyTotal,
    serviceFee: requests.serviceFee,
    invoicedRoyalty: requests.invoicedRoyalty,
    creditedRoyalty: requests.creditedRoyalty,
    invoicedFee: requests.invoicedFee,
  })
    .where(owingIn(scope, albumId))
    .orderBy(asc(albums.title), asc(requests.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => {
    const due = amountDue(r);
    const royalty = Math.max(due.royalty - (r.invoicedRoyalty - r.creditedRoyalty), 0);
    const fee = Math.max(due.fee - r.invoicedFee, 0);
    const amounts = { royalty: formatAmount(royalty), fee: formatAmount(fee), total: formatAmount(royalty + fee) };
    return {
      id: r.id,
      songTitle: r.songTitle,
      albumId: r.albumId,
      albumTitle: r.albumTitle,
      topUp: r.statusCode !== "need_payment",
      ...amounts,
    };
  });
}

/** How many of the scope's requests owe something no invoice holds yet. */
export async function countOwing(db: Conn, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(requests)
    .where(inRequestTableScope(db, scope, sql`${requests.owing}`));
  return row?.n ?? 0;
}

/** The albums with a request still owing (the first 1000 by title): what "Invoice an album" offers. */
export function listOwingAlbums(db: Conn, scope: Scope) {
  return owingRows(db, { id: albums.id, title: albums.title, artist: albums.artist }, true)
    .where(owingIn(scope))
    .orderBy(asc(albums.title), asc(albums.id))
    .limit(1000);
}

/** The request lines of the scope's (or one album's) open invoices: payment needed, and the invoice that asks for it. */
export async function listOpenLines(db: Conn, scope: Scope, albumId?: number) {
  const rows = await requestRows(db, {
    id: requests.id,
    statusCode: requests.statusCode,
    songTitle: tracks.songTitle,
    albumTitle: albums.title,
    amount: invoiceLines.amount,
    invoiceId: invoices.id,
    year: invoices.year,
    number: invoices.number,
  })
    .innerJoin(invoiceLines, eq(invoiceLines.requestId, requests.id))
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      inRequestScope(
        scope,
        and(
          eq(invoices.status, "open"),
          isNull(invoiceLines.creditedAt),
          albumId === undefined ? undefined : eq(albums.id, albumId),
        ),
      ),
    )
    .orderBy(asc(invoices.id), asc(requests.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.id,
    songTitle: r.songTitle,
    albumTitle: r.albumTitle,
    topUp: r.statusCode !== "need_payment",
    amount: formatAmount(r.amount),
    invoiceId: r.invoiceId,
    invoiceNumber: invoiceNumber(r),
  }));
}
