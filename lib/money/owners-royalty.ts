import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ledgerEntries, ledgerPostings } from "@/db/schema";

/** The entries that move a request's royalty to or back from its owners' payables. */
export const OWNER_ROYALTY_KINDS = ["royalty_owed", "royalty_credited"] as const;

/** What each owner holds of a request's royalty now (credits of `royalties_payable` net of debits), in id order. */
export async function ownersRoyaltyOfRequest(tx: Tx, requestId: number) {
  return tx
    .select({
      ownerId: ledgerPostings.ownerId,
      amount: sql<number>`-coalesce(sum(${ledgerPostings.amount}), 0)`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        eq(ledgerEntries.requestId, requestId),
        inArray(ledgerEntries.kind, [...OWNER_ROYALTY_KINDS]),
        eq(ledgerPostings.ledgerAccount, "royalties_payable"),
      ),
    )
    .groupBy(ledgerPostings.ownerId)
    .orderBy(ledgerPostings.ownerId);
}
