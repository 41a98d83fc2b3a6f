import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requests } from "@/db/schema";
import { lockAccountMoney } from "./account-lock";
import { post } from "./ledger";
import { roundToCents } from "./amounts";

/**
 * What the request's live invoice lines hold of royalty, less what was already given back, beyond the royalty it owes
 * now (the total less the shares nobody can be paid) goes to the client's prepaid balance: an issued invoice is never
 * lowered. Adds it to `credited_royalty` and returns it (hundredths of a cent; 0 when nothing is in excess).
 */
export async function creditRoyaltyExcess(tx: Tx, request: { id: number; accountId: number }): Promise<number> {
  const [row] = await tx
    .select({
      royaltyTotal: requests.royaltyTotal,
      royaltyNotPayable: requests.royaltyNotPayable,
      invoicedRoyalty: requests.invoicedRoyalty,
      creditedRoyalty: requests.creditedRoyalty,
    })
    .from(requests)
    .where(eq(requests.id, request.id));
  const excess = row!.invoicedRoyalty - row!.creditedRoyalty - roundToCents(row!.royaltyTotal - row!.royaltyNotPayable);
  if (excess <= 0) return 0;
  await lockAccountMoney(tx, request.accountId);
  await post(
    tx,
    {
      kind: "royalty_credited",
      memo: `Request ${request.id}: royalty no longer owed, credited to the balance`,
      accountId: request.accountId,
      requestId: request.id,
    },
    [
      { account: "royalties_held", amount: excess },
      { account: "client_balance", clientAccountId: request.accountId, amount: -excess },
    ],
  );
  await tx
    .update(requests)
    .set({ creditedRoyalty: row!.creditedRoyalty + excess })
    .where(eq(requests.id, request.id));
  return excess;
}
