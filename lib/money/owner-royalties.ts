import { and, asc, eq, isNull, not, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, ledgerEntries, ownerNotices, requests } from "@/db/schema";
import { ownersRoyaltyOfRequest } from "./owners-royalty";
import { post } from "./ledger";
import { unpayableNotice } from "@/lib/royalties/royalty-not-payable";
import { splitByShares } from "@/lib/royalties/split-royalty";

/**
 * The royalty collected for a licensed request (its lines on paid invoices, less what was credited back to the client)
 * that is not owed to the owners yet moves from royalties held to the owners' payables, in cents by the shares on its
 * notices (the snapshot taken when licensing began), by largest remainder. An owner the Copyright Office's records do
 * not identify gets nothing: what was collected is split among the payable owners in proportion to their own shares
 * (an unpayable share was never collected); an owner identified later is first given their part of everything
 * collected so far, so the top-up of their share goes to them. Only what was not split before is split. Called when
 * the request becomes licensed and when a later invoice holding it (a top-up) is paid. Royalty given back to the
 * client's balance since it was invoiced (`credited_royalty`, creditRoyaltyExcess) is not split at all.
 */
export async function postOwnerRoyalties(tx: Tx, request: { id: number; accountId: number }): Promise<void> {
  const [collected] = await tx
    .select({ royalty: sql<number>`coalesce(sum(${invoiceLines.royalty}), 0)`.mapWith(Number) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), eq(invoices.status, "paid"), isNull(invoiceLines.creditedAt)));
  const [credited] = await tx
    .select({ royalty: requests.creditedRoyalty })
    .from(requests)
    .where(eq(requests.id, request.id));
  // What each owner holds of it now: split to them, less what a credit took back.
  const moved = await ownersRoyaltyOfRequest(tx, request.id);
  const movedTotal = moved.reduce((s, m) => s + m.amount, 0);
  const net = collected!.royalty - (credited?.royalty ?? 0);
  const royalty = net - movedTotal;
  if (royalty <= 0) return;
  const owners = await tx
    .select({
      ownerId: ownerNotices.ownerId,
      shareBasisPoints: ownerNotices.shareBasisPoints,
      identified: sql<boolean>`${ownerNotices.ownerIdentifiedAt} is not null`,
    })
    .from(ownerNotices)
    .where(and(eq(ownerNotices.requestId, request.id), not(unpayableNotice)))
    .orderBy(asc(ownerNotices.id));
  if (owners.length === 0) return;
  const cents = (amount: number) => amount / 100;
  const shares = owners.map((o) => o.shareBasisPoints);
  // An owner identified later first catches up to their part of everything collected (they were given nothing
  // while not identified); the rest is what is new for the others, split by their shares as any top-up is. In whole
  // cents (the collected royalty is whole cents), so every owner's part can be paid as it stands.
  const targets = splitByShares(cents(net), shares).map((c) => c * 100);
  const catchUp = owners.map((o, i) =>
    o.identified ? Math.max(targets[i]! - (moved.find((m) => m.ownerId === o.ownerId)?.amount ?? 0), 0) : 0,
  );
  const catchUpTotal = catchUp.reduce((a, b) => a + b, 0);
  const caughtUp =
    catchUpTotal <= royalty ? catchUp : splitByShares(cents(royalty), catchUp.map(cents)).map((c) => c * 100);
  const rest = royalty - caughtUp.reduce((a, b) => a + b, 0);
  const others = owners.map((o) => (o.identified ? 0 : o.shareBasisPoints));
  const restParts = splitByShares(cents(rest), others.some((w) => w > 0) ? others : shares).map((c) => c * 100);
  const parts = owners.map((_, i) => caughtUp[i]! + restParts[i]!);
  const memo =
    movedTotal === 0
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
