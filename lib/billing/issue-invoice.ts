import { beginPaidRequests, PAYMENT_ACTOR } from "./begin-paid-requests";
import { invoiceDueOn } from "@/lib/money/due-on";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import {
  albums,
  feeSchedules,
  formats,
  invoiceLines,
  ownerNotices,
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
import { DomainError, notFound, validationFailed } from "@/lib/errors";
import { lockAccountMoney } from "@/lib/money/account-lock";
import { formatAmount } from "@/lib/money/amounts";
import { invoiceLinesFor } from "@/lib/money/invoice-lines";
import { invoiceNumber, nextInvoiceNumber } from "@/lib/money/invoice-number";
import { findInvoice, type InvoiceView } from "@/lib/money/invoice-view";
import { clientBalance, post } from "@/lib/money/ledger";
import { amountDue } from "@/lib/money/request-amounts";
import type { IssueInvoiceInput } from "@/lib/money/schemas";
import { settleInvoice } from "@/lib/money/settle-invoice";
import { licenseUnblocked } from "@/lib/requests/license-when-done";
import { inRequestScope, requestRows } from "@/lib/requests/request-rows";
import { STATUSES } from "@/lib/requests/statuses";
import { NOT_PAYABLE, unpayableNotice } from "@/lib/royalties/royalty-not-payable";
import { requireInvoiceIssuer } from "@/lib/money/billing-rules";
import { INVOICEABLE } from "./requests-owing";
import { formatUsd } from "@/lib/formatting";
import { enqueueInvoiceEvent, enqueuePaymentRecorded } from "@/lib/money/money-events";
import { tellInvoiceIssued } from "./tell-invoice-issued";

/** Locks the selected requests (in id order, so issuers never deadlock) and reads what each still owes. */
async function loadSelection(tx: Tx, actor: Actor, ids: number[]) {
  const rows = await requestRows(tx, {
    id: requests.id,
    accountId: requests.accountId,
    statusCode: requests.statusCode,
    royaltyTotal: requests.royaltyTotal,
    creditedRoyalty: requests.creditedRoyalty,
    serviceFee: requests.serviceFee,
    royaltyNotPayable: requests.royaltyNotPayable,
    officeFee: requests.officeFee,
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
      fee: sql<number>`coalesce(sum(${invoiceLines.fee}) filter (where ${invoiceLines.kind} <> 'office_fee'), 0)`.mapWith(
        Number,
      ),
      officeFee:
        sql<number>`coalesce(sum(${invoiceLines.fee}) filter (where ${invoiceLines.kind} = 'office_fee'), 0)`.mapWith(
          Number,
        ),
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
      // What was given back to the balance is no longer invoiced: a share payable again is owed again.
      royaltyOwed: Math.max(due.royalty - ((already?.royalty ?? 0) - r.creditedRoyalty), 0),
      feeOwed: Math.max(due.fee - (already?.fee ?? 0), 0),
      officeFeeOwed: Math.max(due.officeFee - (already?.officeFee ?? 0), 0),
    };
  });
}

/**
 * For each request with a share nobody can be paid, what its line says of it: the owners' shares left out of the
 * royalty, "not payable: owner not identified".
 */
async function notPayableNotes(tx: Tx, selection: { id: number; royaltyNotPayable: number }[]) {
  const notes = new Map<number, string>();
  if (selection.length === 0) return notes;
  const rows = await tx
    .select({ requestId: ownerNotices.requestId, ownerName: ownerNotices.ownerName })
    .from(ownerNotices)
    .where(
      and(
        inArray(
          ownerNotices.requestId,
          selection.map((r) => r.id),
        ),
        unpayableNotice,
      ),
    )
    .orderBy(asc(ownerNotices.id));
  for (const r of selection) {
    const names = rows.filter((o) => o.requestId === r.id).map((o) => o.ownerName);
    notes.set(
      r.id,
      `; royalty excludes ${formatUsd(formatAmount(r.royaltyNotPayable))} (${names.join(", ")}): ${NOT_PAYABLE}`,
    );
  }
  return notes;
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
  const selection = owing.filter((r) => r.royaltyOwed + r.feeOwed + r.officeFeeOwed > 0);
  if (selection.length === 0)
    throw new DomainError("nothing_to_invoice", `Album "${album.title}" has no request waiting for payment.`);
  return selection;
}

/**
 * POST /api/invoices: one invoice for the selected requests of one client account, or for every request of an album
 * that still owes something. Each line is what the request still owes (royalty and fee rounded to cents, frozen from
 * now on); volume tiers of each request's fee schedule give a discount line; the number is the year's next without gaps; the account's prepaid balance pays what it can
 * at once; the account's client staff are mailed the invoice. Client staff invoice their own requests; employees any one account's.
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
        throw new DomainError(
          "not_invoiceable",
          `Request ${r.id} is "${STATUSES[r.statusCode].label}": only requests waiting for payment can be invoiced.`,
        );
      }
      if (r.royaltyOwed + r.feeOwed + r.officeFeeOwed === 0)
        throw new DomainError(
          "nothing_to_invoice",
          `Request ${r.id} owes nothing more: it is already invoiced or owes nothing.`,
        );
    }
    await lockAccountMoney(tx, accountId);
    const formatRows = await tx.select({ id: formats.id, title: formats.title }).from(formats);
    const schedules = await tx
      .select()
      .from(feeSchedules)
      .where(inArray(feeSchedules.id, [...new Set(selection.map((r) => r.feeScheduleId))]));
    const notPayableNote = await notPayableNotes(
      tx,
      selection.filter((r) => r.royaltyNotPayable > 0),
    );
    const lines = invoiceLinesFor(
      selection.map((r) => ({
        ...r,
        formatTitle: formatRows.find((f) => f.id === r.formatId)?.title ?? String(r.formatId),
        tiers: schedules.find((s) => s.id === r.feeScheduleId)!.tiers,
        note: notPayableNote.get(r.id),
      })),
    );
    const total = lines.reduce((s, l) => s + l.royalty + l.fee, 0);
    const year = serviceDate(now()).year;
    const number = await nextInvoiceNumber(tx, year);
    const [invoice] = await tx
      .insert(invoices)
      // Issued at the service's clock, the one a payment's "received on" is checked against.
      .values({ accountId, year, number, total, issuedByName: caller.name, dueOn: invoiceDueOn(), dateAdded: now() })
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
    await tellInvoiceIssued(tx, invoice!, draw, selection);
    await enqueueInvoiceEvent(tx, "invoice.issued", invoice!);
    if (draw > 0) {
      const [drawn] = await tx
        .insert(payments)
        .values({
          accountId,
          invoiceId: invoice!.id,
          kind: "balance",
          amount: draw,
          reference: "Prepaid balance",
          receivedOn: isoDay(),
          recordedByName: caller.name,
        })
        .returning({ id: payments.id });
      await enqueuePaymentRecorded(tx, {
        id: drawn!.id,
        accountId,
        invoiceId: invoice!.id,
        kind: "balance",
        amount: draw,
        applied: draw,
        reference: "Prepaid balance",
        receivedOn: isoDay(),
      });
      await post(tx, { kind: "balance_drawn", memo: `${memo}: prepaid balance`, accountId, invoiceId: invoice!.id }, [
        { account: "client_balance", clientAccountId: accountId, amount: draw },
        { account: "receivable", clientAccountId: accountId, amount: -draw },
      ]);
      await settleInvoice(tx, invoice!, draw);
      // A top-up the balance pays at once completes the requests in progress that waited only for it.
      const inProgress = selection.filter((r) => r.statusCode === "in_progress").map((r) => r.id);
      await licenseUnblocked(tx, caller, inProgress, `The top-up was paid (invoice ${invoiceNumber(invoice!)})`);
      // Paid in full by the balance: the requests waiting for payment begin licensing at once.
      if (draw === total) {
        const waiting = selection.filter((r) => r.statusCode === "need_payment").map((r) => r.id);
        await beginPaidRequests(
          tx,
          PAYMENT_ACTOR,
          waiting,
          `Paid from the balance (invoice ${invoiceNumber(invoice!)})`,
        );
      }
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
