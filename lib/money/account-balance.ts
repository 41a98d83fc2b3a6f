import { desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { payments } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireClient } from "@/lib/auth/require-client";
import { formatAmount } from "./amounts";
import { clientBalance } from "./ledger";

/** A client account's prepaid balance and its payment history, newest first (amounts as decimal strings). */
export async function balanceOf(db: Conn, accountId: number) {
  const [balance, history] = await Promise.all([
    clientBalance(db, accountId),
    db.select().from(payments).where(eq(payments.accountId, accountId)).orderBy(desc(payments.id)).limit(200),
  ]);
  return {
    balance: formatAmount(balance),
    currency: "USD" as const,
    payments: history.map((p) => ({
      id: p.id,
      invoiceId: p.invoiceId,
      kind: p.kind,
      amount: formatAmount(p.amount),
      reference: p.reference,
      receivedOn: p.receivedOn,
      // A payment voided as a mistake is listed as such and counts nowhere (its ledger entry was reversed).
      voidedAt: p.voidedAt?.toISOString() ?? null,
      ...(p.voidReason !== null ? { voidReason: p.voidReason } : {}),
    })),
  };
}

/** GET /api/account/balance: the caller's own account. */
export function getAccountBalance(db: Conn, actor: Actor) {
  const client = requireClient(actor, "read the account's balance");
  return balanceOf(db, client.accountId);
}
