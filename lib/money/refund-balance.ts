import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { isoDay } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { formatAmount } from "./amounts";
import { invoiceNumber } from "./invoice-number";
import { findInvoice, type InvoiceView } from "./invoice-view";
import { clientBalance, post } from "./ledger";
import { lockInvoice } from "./lock-invoice";
import type { RefundInput } from "./schemas";
import { formatUsd } from "@/lib/formatting";

/**
 * POST /api/invoices/{id}/refund: pays money back to the client out of its prepaid balance (an overpayment on this
 * invoice, or what was credited when a paid request could not be licensed). Never more than the balance.
 */
export async function refundBalance(db: Db, actor: Actor, invoiceId: number, input: RefundInput): Promise<InvoiceView> {
  const employee = requireEmployee(actor, "refund payments");
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const balance = await clientBalance(tx, invoice.accountId);
    if (input.amount > balance) {
      throw new DomainError(
        "insufficient_balance",
        `The account's balance is ${formatUsd(formatAmount(balance))}; a refund cannot be more than that.`,
      );
    }
    await tx.insert(payments).values({
      accountId: invoice.accountId,
      invoiceId,
      kind: "refund",
      amount: input.amount,
      reference: input.reference,
      receivedOn: isoDay(),
      recordedByName: employee.name,
    });
    await post(
      tx,
      {
        kind: "refund",
        memo: `Refund ${input.reference} (invoice ${invoiceNumber(invoice)})`,
        accountId: invoice.accountId,
        invoiceId,
      },
      [
        { account: "client_balance", clientAccountId: invoice.accountId, amount: input.amount },
        { account: "cash", amount: -input.amount },
      ],
    );
    await recordAudit(tx, employee, {
      action: "invoice.refunded",
      entityType: "invoice",
      entityId: invoiceId,
      accountId: invoice.accountId,
      detail: { amount: formatAmount(input.amount), reference: input.reference },
    });
  });
  return findInvoice(db, actor, invoiceId);
}
