import { and, asc, count, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { readTogether } from "@/db/read-together";
import { accounts, invoiceLines, invoices, payments, releases, requests } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { provisionalReason } from "@/lib/royalties/compute-royalty";
import { ratesThroughSql } from "@/lib/royalties/load-rate-table";
import { formatAmount } from "./amounts";
import { pageOf } from "@/lib/paging";
import { INVOICES_LIST, type InvoiceListQuery } from "./schemas";
import { invoiceNumber } from "./invoice-number";
import { outstanding, type InvoiceRow } from "./settle-invoice";

/** Invoices are client staff's and employees' business (licensees never see fees, invoices or balances). */
export function requireBilling(actor: Actor, doing: string) {
  return requireRole(actor, ["client", "employee"], doing);
}

/** The invoices an actor may see: its account's, or all for employees. */
function invoiceScope(actor: Actor, where?: SQL): SQL | undefined {
  const caller = requireBilling(actor, "see invoices");
  return caller.kind === "client" ? and(eq(invoices.accountId, caller.accountId), where) : where;
}

function summary(i: InvoiceRow & { accountName: string; credited: number }) {
  return {
    id: i.id,
    number: invoiceNumber(i),
    accountId: i.accountId,
    accountName: i.accountName,
    status: i.status,
    total: formatAmount(i.total),
    settled: formatAmount(i.settled),
    // The issued total is a document already sent: a credit is shown beside it, never taken off it.
    credited: formatAmount(i.credited),
    due: formatAmount(outstanding(i)),
    currency: "USD" as const,
    dateAdded: i.dateAdded.toISOString(),
    dueOn: i.dueOn,
    paidAt: i.paidAt?.toISOString() ?? null,
    voidedAt: i.voidedAt?.toISOString() ?? null,
  };
}
export type InvoiceSummary = ReturnType<typeof summary>;

/** The sum of the invoice's credited lines. */
const creditedSql = sql<number>`coalesce((select sum(il.amount) from invoice_lines il
  where il.invoice_id = ${invoices.id} and il.credited_at is not null), 0)`.mapWith(Number);

const withAccount = (db: Conn) =>
  db
    .select({ invoice: invoices, accountName: accounts.name, credited: creditedSql })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId));

/** GET /api/invoices/{id}: the invoice with its lines and what was paid on it. 404 outside the caller's account. */
export async function findInvoice(db: Conn, actor: Actor, id: number) {
  const [row] = await withAccount(db).where(invoiceScope(actor, eq(invoices.id, id)));
  if (!row) throw notFound(`Invoice ${id}`);
  const [lines, paid] = await readTogether(
    db,
    () =>
      db
        .select({
          line: invoiceLines,
          provisional: requests.royaltyProvisional,
          releaseYear: releases.releaseYear,
          ratesThrough: ratesThroughSql,
        })
        .from(invoiceLines)
        .leftJoin(requests, eq(requests.id, invoiceLines.requestId))
        .leftJoin(releases, eq(releases.id, requests.releaseId))
        .where(eq(invoiceLines.invoiceId, id))
        .orderBy(asc(invoiceLines.id)),
    () => db.select().from(payments).where(eq(payments.invoiceId, id)).orderBy(asc(payments.id)),
  );
  return {
    ...summary({ ...row.invoice, accountName: row.accountName, credited: row.credited }),
    lines: lines.map(({ line: l, provisional, releaseYear, ratesThrough }) => ({
      kind: l.kind,
      requestId: l.requestId,
      description: l.description,
      units: l.units,
      royalty: formatAmount(l.royalty),
      fee: formatAmount(l.fee),
      amount: formatAmount(l.amount),
      credited: l.creditedAt !== null,
      // The request's royalty as it stands: the line's amount never changes, the year's rate, once entered, bills or
      // credits the difference elsewhere (docs/money.md, "Rates not yet published").
      provisional: provisional === true && l.royalty !== 0,
      ...(provisional === true && l.royalty !== 0 && releaseYear !== null
        ? { provisionalReason: provisionalReason(releaseYear, ratesThrough) }
        : {}),
    })),
    payments: paid.map((p) => ({
      id: p.id,
      kind: p.kind,
      amount: formatAmount(p.amount),
      reference: p.reference,
      receivedOn: p.receivedOn,
      recordedBy: p.recordedByName,
      voidedAt: p.voidedAt?.toISOString() ?? null,
      ...(p.voidReason !== null ? { voidReason: p.voidReason } : {}),
    })),
  };
}
export type InvoiceView = Awaited<ReturnType<typeof findInvoice>>;

const listScope = (actor: Actor, query: Pick<InvoiceListQuery, "status">) =>
  invoiceScope(actor, query.status ? eq(invoices.status, query.status) : undefined);

/**
 * A page of the invoices an actor may see, newest first, optionally by status (without counting them), from `offset`
 * or after the cursor's invoice, and the cursor of the next page when one follows.
 */
export async function invoicePage(
  db: Conn,
  actor: Actor,
  query: Pick<InvoiceListQuery, "offset" | "limit" | "after" | "status">,
): Promise<{ items: InvoiceSummary[]; nextCursor: string | undefined }> {
  const after = query.after ? lt(invoices.id, query.after[0]) : undefined;
  // By the account's index (account, id); one more row than asked says whether a next page exists.
  const rows = await withAccount(db)
    .where(and(listScope(actor, query), after))
    .orderBy(desc(invoices.id))
    .offset(query.offset ?? 0)
    .limit(query.limit + 1);
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => [r.invoice.id], INVOICES_LIST);
  return {
    items: items.map((r) => summary({ ...r.invoice, accountName: r.accountName, credited: r.credited })),
    nextCursor,
  };
}

/** GET /api/invoices: newest first, optionally by status, paged, with the total. */
export async function listInvoices(db: Conn, actor: Actor, query: InvoiceListQuery) {
  const [page, [counted]] = await Promise.all([
    invoicePage(db, actor, query),
    db.select({ n: count() }).from(invoices).where(listScope(actor, query)),
  ]);
  return { ...page, total: counted!.n };
}
