import { and, asc, eq, inArray } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { invoiceLines, invoices, payments } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { paymentMethod } from "./payment-methods";
import { outstanding } from "./settle-invoice";

/**
 * The request pages: the invoices holding a request (oldest first) and what was paid on each, when and how. Client
 * staff see their account's, employees every one; licensees never see fees, invoices or balances: none.
 */
export async function requestInvoices(db: Conn, actor: Actor, requestId: number) {
  if (actor.kind === "licensee") return [];
  const holding = db
    .selectDistinct({ id: invoiceLines.invoiceId })
    .from(invoiceLines)
    .where(eq(invoiceLines.requestId, requestId));
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(inArray(invoices.id, holding), actor.kind === "client" ? eq(invoices.accountId, actor.accountId) : undefined),
    )
    .orderBy(asc(invoices.id));
  if (rows.length === 0) return [];
  const paid = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.invoiceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map((i) => ({
    id: i.id,
    number: invoiceNumber(i),
    status: i.status,
    dueOn: i.dueOn,
    total: formatAmount(i.total),
    due: formatAmount(outstanding(i)),
    payments: paid
      .filter((p) => p.invoiceId === i.id)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        method: paymentMethod(p.kind),
        amount: formatAmount(p.amount),
        reference: p.reference,
        receivedOn: p.receivedOn,
        voidedAt: p.voidedAt?.toISOString() ?? null,
        ...(p.voidReason !== null ? { voidReason: p.voidReason } : {}),
      })),
  }));
}
export type RequestInvoice = Awaited<ReturnType<typeof requestInvoices>>[number];
