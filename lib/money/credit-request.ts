import { and, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, requests } from "@/db/schema";
import { now } from "@/lib/clock";
import { lockAccountMoney } from "./account-lock";
import { invoiceNumber } from "./invoice-number";
import { post } from "./ledger";
import { enqueueRequestCredited } from "./money-events";
import { outstanding, settleInvoice } from "./settle-invoice";

/**
 * A request that ends `cannot_license` or `cancelled` owes nothing: each of its invoice lines is credited. On an
 * open invoice the credit first reduces what is still due; whatever was already paid goes to the account's balance
 * (docs/product-rules.md, "Paid requests and credits"). Royalty already given back to the balance since it was
 * invoiced (`credited_royalty`: a lower rate, creditRoyaltyExcess) is not given back twice. Called by the status
 * change, inside its transaction. Returns what the credit did: taken off open invoices, and given back to the balance.
 */
export async function creditRequest(
  tx: Tx,
  request: { id: number; accountId: number },
): Promise<{ offInvoices: number; toBalance: number }> {
  const done = { offInvoices: 0, toBalance: 0 };
  const lines = await tx
    .select({ line: invoiceLines })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), ne(invoices.status, "void"), isNull(invoiceLines.creditedAt)));
  if (lines.length === 0) return done;
  await lockAccountMoney(tx, request.accountId);
  const [credited] = await tx
    .select({ royalty: requests.creditedRoyalty })
    .from(requests)
    .where(eq(requests.id, request.id));
  let givenBack = credited?.royalty ?? 0;
  for (const { line } of lines) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, line.invoiceId)).for("update");
    const already = Math.min(givenBack, line.royalty);
    givenBack -= already;
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
        // What the balance already got back of the line's royalty is neither returned again nor left due.
        { account: "royalties_held", amount: line.royalty - already },
        { account: "fees_earned", amount: line.fee },
        { account: "receivable", clientAccountId: request.accountId, amount: -reduces },
        { account: "client_balance", clientAccountId: request.accountId, amount: -(line.amount - reduces - already) },
      ],
    );
    await tx.update(invoiceLines).set({ creditedAt: now() }).where(eq(invoiceLines.id, line.id));
    done.offInvoices += reduces;
    done.toBalance += line.amount - reduces - already;
    await settleInvoice(tx, invoice!, reduces);
  }
  // Every line is credited now: nothing invoiced is left to count the earlier credit against.
  if ((credited?.royalty ?? 0) !== 0)
    await tx.update(requests).set({ creditedRoyalty: 0 }).where(eq(requests.id, request.id));
  await enqueueRequestCredited(tx, request, done);
  return done;
}
