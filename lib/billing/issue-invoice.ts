import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import {
  albums,
  feeSchedules,
  formats,
  invoiceLines,
  invoices,
  payments,
  releases,
  requests,
  tracks,
} from "@/db/schema";
import { findAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { isoDay, now, serviceDate } from "@/lib/clock";
import { DomainError, notFound, validationFailed, invalidTransition } from "@/lib/errors";
import { lockAccountMoney } from "@/lib/money/account-lock";
import { tierDiscount } from "@/lib/money/fee-rules";
import { invoiceNumber, nextInvoiceNumber } from "@/lib/money/invoice-number";
import { findInvoice, type InvoiceView } from "@/lib/money/invoice-view";
import { clientBalance, post } from "@/lib/money/ledger";
import { amountDue } from "@/lib/money/request-amounts";
import type { IssueInvoiceInput } from "@/lib/money/schemas";
import { settleInvoice } from "@/lib/money/settle-invoice";
import { inRequestScope, requestRows } from "@/lib/requests/request-rows";
import { STATUSES } from "@/lib/requests/statuses";
import { requireInvoiceIssuer } from "@/lib/money/billing-rules";
import { INVOICEABLE } from "./requests-owing";

type Line = {
  requestId: number | null;
  kind: "request" | "volume_discount";
  description: string;
  units: number | null;
  royalty: number;
  fee: number;
};

/** Locks the selected requests (in id order, so issuers never deadlock) and reads what each still owes. */
async function loadSelection(tx: Tx, actor: Actor, ids: number[]) {
  const rows = await requestRows(tx, {
    id: requests.id,
    accountId: requests.accountId,
    statusCode: requests.statusCode,
    royaltyTotal: requests.royaltyTotal,
    creditedRoyalty: requests.creditedRoyalty,
    serviceFee: requests.serviceFee,
    feeScheduleId: requests.feeScheduleId,
    songTitle: tracks.songTitle,
    quantity: releases.releaseQuantity,
    formatId: releases.formatId,
  })
    .where(inRequestScope(scopeOf(actor), inArray(requests.id, ids)))
    .orderBy(asc(requests.id))
    .for("update", { of: requests });
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`Request ${missing}`);
  const invoiced = await tx
    .select({
      requestId: invoiceLines.requestId,
      royalty: sql<number>`sum(${invoiceLines.royalty})`.mapWith(Number),
      fee: sql<number>`sum(${invoiceLines.fee})`.mapWith(Number),
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(inArray(invoiceLines.requestId, ids), ne(invoices.status, "void"), isNull(invoiceLines.creditedAt)))
    .groupBy(invoiceLines.requestId);
  return rows.map((r) => {
    const already = invoiced.find((i) => i.requestId === r.id);
    const due = amountDue(r);
    return {
      ...r,
      // Royalty given back to the balance since (a lower rate) no longer counts as invoiced.
      royaltyOwed: Math.max(due.royalty - ((already?.royalty ?? 0) - r.creditedRoyalty), 0),
      feeOwed: Math.max(due.fee - (already?.fee ?? 0), 0),
    };
  });
}

/** The requests of an album that still owe something and may be invoiced (need_payment, or a top-up), locked. */
async function loadAlbumSelection(tx: Tx, actor: Actor, albumId: number) {
  const album = await findAlbum(tx, scopeOf(actor), albumId);
  const candidates = await requestRows(tx, { id: requests.id })
    .where(inRequestScope(scopeOf(actor), eq(albums.id, album.id), inArray(requests.statusCode, [...INVOICEABLE])))
    .orderBy(asc(requests.id));
  const owing = candidates.length
    ? await loadSelection(
        tx,
        actor,
        candidates.map((r) => r.id),
      )
    : [];
  const selection = owing.filter((r) => r.royaltyOwed + r.feeOwed > 0);
  if (selection.length === 0)
    throw new DomainError("nothing_to_invoice", `Album "${album.title}" has no request waiting for payment.`);
  return selection;
}

/**
 * POST /api/invoices: one invoice for the selected requests of one client account, or for every request of an album
 * that still owes something. Each line is what the request still owes (royalty and fee rounded to cents, frozen from
 * now on); volume tiers of each request's fee schedule give a discount line; the number is the year's next without gaps; the account's prepaid balance pays what it can
 * at once. Client staff invoice their own requests; employees any one account's.
 */
export async function issueInvoice(db: Db, actor: Actor, input: IssueInvoiceInput): Promise<InvoiceView> {
  const caller = requireInvoiceIssuer(actor);
  const invoiceId = await db.transaction(async (tx) => {
    const selection =
      input.albumId === undefined
        ? await loadSelection(tx, caller, input.requestIds!)
        : await loadAlbumSelection(tx, caller, input.albumId);
    const accountIds = new Set(selection.map((r) => r.accountId));
    if (accountIds.size > 1)
      throw validationFailed([{ path: "requestIds", message: "the requests belong to different client accounts" }]);
    const accountId = selection[0]!.accountId;
    for (const r of selection) {
      if (!INVOICEABLE.includes(r.statusCode)) {
        throw invalidTransition(
          `Request ${r.id} is "${STATUSES[r.statusCode].label}": only requests waiting for payment can be invoiced.`,
        );
      }
      if (r.royaltyOwed + r.feeOwed === 0)
        throw invalidTransition(`Request ${r.id} owes nothing more: it is already invoiced or owes nothing.`);
    }
    await lockAccountMoney(tx, accountId);
    const formatRows = await tx.select({ id: formats.id, title: formats.title }).from(formats);
    const schedules = await tx
      .select()
      .from(feeSchedules)
      .where(inArray(feeSchedules.id, [...new Set(selection.map((r) => r.feeScheduleId))]));
    const lines: Line[] = selection.map((r) => ({
      requestId: r.id,
      kind: "request",
      description: `${r.songTitle} (${formatRows.find((f) => f.id === r.formatId)?.title ?? r.formatId})`,
      units: r.quantity,
      royalty: r.royaltyOwed,
      fee: r.feeOwed,
    }));
    let position = 0;
    let discount = 0;
    for (const r of selection) {
      if (r.feeOwed === 0) continue;
      position += 1;
      discount += (r.feeOwed * tierDiscount(schedules.find((s) => s.id === r.feeScheduleId)!.tiers, position)) / 10000;
    }
    const discountCents = Math.floor((Math.round(discount) + 50) / 100) * 100;
    if (discountCents > 0)
      lines.push({
        requestId: null,
        kind: "volume_discount",
        description: `Volume discount (${position} songs)`,
        units: null,
        royalty: 0,
        fee: -discountCents,
      });
    const total = lines.reduce((s, l) => s + l.royalty + l.fee, 0);
    const year = serviceDate(now()).year;
    const number = await nextInvoiceNumber(tx, year);
    const [invoice] = await tx
      .insert(invoices)
      .values({ accountId, year, number, total, issuedByName: caller.name })
      .returning();
    await tx
      .insert(invoiceLines)
      .values(lines.map((l) => ({ ...l, invoiceId: invoice!.id, amount: l.royalty + l.fee })));
    const memo = `Invoice ${invoiceNumber(invoice!)}`;
    const royalties = lines.reduce((s, l) => s + l.royalty, 0);
    await post(tx, { kind: "invoice_issued", memo, accountId, invoiceId: invoice!.id }, [
      { account: "receivable", clientAccountId: accountId, amount: total },
      { account: "royalties_held", amount: -royalties },
      { account: "fees_earned", amount: -(total - royalties) },
    ]);
    const draw = Math.min(await clientBalance(tx, accountId), total);
    if (draw > 0) {
      await tx.insert(payments).values({
        accountId,
        invoiceId: invoice!.id,
        kind: "balance",
        amount: draw,
        reference: "Prepaid balance",
        receivedOn: isoDay(),
        recordedByName: caller.name,
      });
      await post(tx, { kind: "balance_drawn", memo: `${memo}: prepaid balance`, accountId, invoiceId: invoice!.id }, [
        { account: "client_balance", clientAccountId: accountId, amount: draw },
        { account: "receivable", clientAccountId: accountId, amount: -draw },
      ]);
      await settleInvoice(tx, invoice!, draw);
    }
    await recordAudit(tx, caller, {
      action: "invoice.issued",
      entityType: "invoice",
      entityId: invoice!.id,
      accountId,
      detail: { number: invoiceNumber(invoice!), total },
    });
    return invoice!.id;
  });
  return findInvoice(db, actor, invoiceId);
}
