import { and, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, requests } from "@/db/schema";
import { now } from "@/lib/clock";
import { lockAccountMoney } from "./account-lock";
import { invoiceNumber } from "./invoice-number";
import { post } from "./ledger";
import { outstanding, settleInvoice } from "./settle-invoice";

/**
 * A request that ends `cannot_license` or `cancelled` owes nothing: each of its invoice lines is credited. On an
 * open invoice the credit first reduces what is still due; whatever was already paid goes to the account's balance
 * (docs/product-rules.md, "Paid requests and credits"). Called by the status change, inside its transaction.
 */
export async function creditRequest(tx: Tx, request: { id: number; accountId: number }): Promise<void> {
  const lines = await tx
    .select({ line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), ne(invoices.status, "void"), isNull(invoiceLines.creditedAt)));
  if (lines.length === 0) return;
  await lockAccountMoney(tx, request.accountId);
  // A share nobody could be paid already went back to the balance: the lines are credited whole below, so that
  // earlier credit is taken back first and the client is credited once.
  const [row] = await tx
    .select({ creditedRoyalty: requests.creditedRoyalty })
    .from(requests)
    .where(eq(requests.id, request.id));
  if (row!.creditedRoyalty > 0) {
    await post(
      tx,
      {
        kind: "royalty_credit_reversed",
        memo: `Request ${request.id}: royalty given back before, now credited with its lines`,
        accountId: request.accountId,
        requestId: request.id,
      },
      [
        { account: "client_balance", clientAccountId: request.accountId, amount: row!.creditedRoyalty },
        { account: "royalties_held", amount: -row!.creditedRoyalty },
      ],
    );
    await tx.update(requests).set({ creditedRoyalty: 0 }).where(eq(requests.id, request.id));
  }
  for (const { line } of lines) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, line.invoiceId)).for("update");
    const reduces = Math.min(line.amount, outstanding(invoice!));
    await post(
      tx,
      {
        kind: "request_credited",
        memo: `Request ${request.id} credited (invoice ${invoiceNumber(invoice!)})`,
        accountId: request.accountId,
        invoiceId: invoice!.id,
        requestId: request.id,
      },
      [
        { account: "royalties_held", amount: line.royalty },
        { account: "fees_earned", amount: line.fee },
        { account: "receivable", clientAccountId: request.accountId, amount: -reduces },
        { account: "client_balance", clientAccountId: request.accountId, amount: -(line.amount - reduces) },
      ],
    );
    await tx.update(invoiceLines).set({ creditedAt: now() }).where(eq(invoiceLines.id, line.id));
    await settleInvoice(tx, invoice!, reduces);
  }
}
