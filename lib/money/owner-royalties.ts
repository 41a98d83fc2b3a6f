import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, ledgerEntries, ledgerPostings, ownerNotices, requests } from "@/db/schema";
import { post } from "./ledger";
import { splitByShares } from "./split-royalty";

/**
 * The royalty collected for a licensed request (its lines on paid invoices) that is not owed to the owners yet moves
 * from royalties held to the owners' payables, split in cents by the shares on its notices (the snapshot taken when
 * licensing began), by largest remainder. Called when the request becomes licensed and when a later invoice holding
 * it (a top-up) is paid; what was already split is never split again.
 */
export async function postOwnerRoyalties(tx: Tx, request: { id: number; accountId: number }): Promise<void> {
  const [collected] = await tx
    .select({ royalty: sql<number>`coalesce(sum(${invoiceLines.royalty}), 0)`.mapWith(Number) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), eq(invoices.status, "paid"), isNull(invoiceLines.creditedAt)));
  const [moved] = await tx
    .select({ royalty: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)`.mapWith(Number) })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        eq(ledgerEntries.kind, "royalty_owed"),
        eq(ledgerEntries.requestId, request.id),
        eq(ledgerPostings.ledgerAccount, "royalties_held"),
      ),
    );
  const royalty = collected!.royalty - moved!.royalty;
  if (royalty <= 0) return;
  const owners = await tx
    .select()
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, request.id))
    .orderBy(asc(ownerNotices.id));
  // Split in whole cents (the collected royalty is whole cents), so every owner's part can be paid as it stands.
  const parts = splitByShares(
    royalty / 100,
    owners.map((o) => o.shareBasisPoints),
  ).map((cents) => cents * 100);
  const memo =
    moved!.royalty === 0
      ? `Request ${request.id} licensed: royalties owed`
      : `Request ${request.id}: top-up royalties owed`;
  const charged = await chargedFor(tx, request.id);
  await post(tx, { kind: "royalty_owed", memo, accountId: request.accountId, requestId: request.id, ...charged }, [
    { account: "royalties_held", amount: royalty },
    ...owners.map((o, i) => ({ account: "royalties_payable" as const, ownerId: o.ownerId, amount: -parts[i]! })),
  ]);
}

/**
 * The units and per-unit rate this posting's royalty was charged for, kept on the entry so a statement prints them:
 * the request's own at licensing; a top-up, its units at the rate difference (a rate raised later, e.g. a length
 * supplied), or the units added at the same rate. Null when an earlier posting predates the record.
 */
async function chargedFor(tx: Tx, requestId: number): Promise<{ units: number | null; ratePerUnit: number | null }> {
  const [request] = await tx
    .select({ perUnit: requests.royaltyPerUnit, quantity: requests.royaltyQuantity })
    .from(requests)
    .where(eq(requests.id, requestId));
  const earlier = await tx
    .select({ units: ledgerEntries.units, ratePerUnit: ledgerEntries.ratePerUnit })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "royalty_owed"), eq(ledgerEntries.requestId, requestId)));
  if (earlier.some((e) => e.units === null || e.ratePerUnit === null)) return { units: null, ratePerUnit: null };
  const { perUnit, quantity } = request!;
  const rateCharged = earlier.filter((e) => e.units === quantity).reduce((s, e) => s + e.ratePerUnit!, 0);
  if (perUnit > rateCharged) return { units: quantity, ratePerUnit: perUnit - rateCharged };
  const unitsCharged = earlier.reduce((s, e) => s + e.units!, 0);
  return { units: Math.max(quantity - unitsCharged, 0), ratePerUnit: perUnit };
}
