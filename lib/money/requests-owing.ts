import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, invoiceLines, invoices, requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { inRequestScope, requestRows } from "@/lib/requests/request-rows";
import type { StatusCode } from "@/lib/requests/statuses";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { amountDue } from "./request-amounts";

/** Requests an invoice may hold: waiting for payment, or (a length supplied later raised the royalty) a top-up once licensing began. */
export const INVOICEABLE: readonly StatusCode[] = ["need_payment", "in_progress", "licensed"];

/**
 * What each invoiceable request (of the scope, or of one album) still owes beyond its live invoice lines: the part
 * an invoice would hold now, the first 1000 by album. A top-up is such an amount on a request whose licensing has
 * begun. The requests carry what their live lines hold and whether they still owe (`owing`, kept by migration 0022's
 * triggers), so only those are read, on the partial index `requests_owing_idx` (the condition is the bare column, as
 * in the index's, so PostgreSQL proves the index applies).
 */
export async function listOwing(db: Conn, scope: Scope, albumId?: number) {
  const rows = await requestRows(db, {
    id: requests.id,
    statusCode: requests.statusCode,
    songTitle: tracks.songTitle,
    albumId: albums.id,
    albumTitle: albums.title,
    royaltyTotal: requests.royaltyTotal,
    serviceFee: requests.serviceFee,
    invoicedRoyalty: requests.invoicedRoyalty,
    invoicedFee: requests.invoicedFee,
  })
    .where(inRequestScope(scope, inArray(requests.statusCode, [...INVOICEABLE]), sql`${requests.owing}`, albumId === undefined ? undefined : eq(albums.id, albumId)))
    .orderBy(asc(albums.title), asc(requests.id))
    .limit(1000);
  return rows
    .map((r) => {
      const due = amountDue(r);
      const royalty = Math.max(due.royalty - r.invoicedRoyalty, 0);
      const fee = Math.max(due.fee - r.invoicedFee, 0);
      return { id: r.id, songTitle: r.songTitle, albumId: r.albumId, albumTitle: r.albumTitle, topUp: r.statusCode !== "need_payment", royalty, fee };
    })
    .filter((r) => r.royalty + r.fee > 0)
    .map((r) => ({ ...r, royalty: formatAmount(r.royalty), fee: formatAmount(r.fee), total: formatAmount(r.royalty + r.fee) }));
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
    .where(inRequestScope(scope, and(eq(invoices.status, "open"), isNull(invoiceLines.creditedAt), albumId === undefined ? undefined : eq(albums.id, albumId))))
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
