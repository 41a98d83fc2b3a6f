import { asc, eq, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ledgerEntries, ledgerPostings, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { formatAmount } from "@/lib/money/amounts";
import { maskedPayoutDetailsOf } from "@/lib/payouts/payout-details-view";

/**
 * GET /api/owner-balances: every owner the ledger owes or has paid, with what was earned, paid out and is owed now,
 * and where payouts go (masked; null: none entered, so payouts are held).
 */
export async function listOwnerBalances(db: Conn, actor: Actor) {
  requireEmployee(actor, "read owner balances");
  const rows = await db
    .select({
      ownerId: songOwners.id,
      name: songOwners.name,
      email: songOwners.email,
      payoutMinimum: songOwners.payoutMinimum,
      // Earned net of royalty taken back (a lower rate credited to the client: creditRoyaltyExcess); paid is payouts.
      earned:
        sql<number>`-coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerEntries.kind} <> 'payout'), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerEntries.kind} = 'payout'), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(songOwners, eq(songOwners.id, ledgerPostings.ownerId))
    .where(eq(ledgerPostings.ledgerAccount, "royalties_payable"))
    .groupBy(songOwners.id)
    .orderBy(asc(songOwners.name), asc(songOwners.id));
  const details = await maskedPayoutDetailsOf(
    db,
    rows.map((r) => r.ownerId),
  );
  return rows.map((r) => ({
    ownerId: r.ownerId,
    name: r.name,
    email: r.email,
    earned: formatAmount(r.earned),
    paidOut: formatAmount(r.paid),
    owed: formatAmount(r.earned - r.paid),
    payoutMinimum: formatAmount(r.payoutMinimum),
    payoutDetails: details.get(r.ownerId) ?? null,
  }));
}
