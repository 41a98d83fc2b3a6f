import { and, asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { inRequestScope, requestRows } from "@/lib/requests/request-rows";
import { requireClient } from "@/lib/requests/require-client";
import { balanceOf } from "./account-balance";
import { listInvoices } from "./invoice-view";
import { amountDueView, amountPaidSql, latestInvoiceIdSql } from "./request-amounts";

/** The client's Billing page: requests waiting for an invoice (with their quotes), invoices, balance and payments. */
export async function getBilling(db: Conn, actor: Actor) {
  const client = requireClient(actor, "see the account's billing");
  const scope = { accountId: client.accountId };
  const [waiting, invoices, balance] = await Promise.all([
    requestRows(db, {
      id: requests.id,
      songTitle: tracks.songTitle,
      albumId: albums.id,
      albumTitle: albums.title,
      royaltyTotal: requests.royaltyTotal,
      serviceFee: requests.serviceFee,
      amountPaid: amountPaidSql,
      invoiceId: latestInvoiceIdSql,
    })
      .where(inRequestScope(scope, and(eq(requests.statusCode, "need_payment"))))
      .orderBy(asc(albums.title), asc(requests.id))
      .limit(1000),
    listInvoices(db, client, { offset: 0, limit: 100 }),
    balanceOf(db, client.accountId),
  ]);
  return {
    awaitingInvoice: waiting
      .map((r) => ({ id: r.id, songTitle: r.songTitle, albumId: r.albumId, albumTitle: r.albumTitle, amountDue: amountDueView(r) }))
      .filter((r) => r.amountDue.invoiceId === null && !r.amountDue.paid),
    invoices: invoices.items,
    ...balance,
  };
}
