import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, ownerNotices, requests } from "@/db/schema";
import { ownersRoyaltyOfRequest } from "./credit-royalty-excess";
import { post } from "./ledger";
import { splitByShares } from "./split-royalty";

/**
 * The royalty collected for a licensed request (its lines on paid invoices) that is not owed to the owners yet moves
 * from royalties held to the owners' payables, split in cents by the shares on its notices (the snapshot taken when
 * licensing began), by largest remainder. Called when the request becomes licensed and when a later invoice holding
 * it (a top-up) is paid; what was already split is never split again, and royalty given back to the client's balance
 * since it was invoiced (`credited_royalty`, creditRoyaltyExcess) is not split at all.
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
  // What the owners hold of it now: split to them, less what a credit took back.
  const moved = (await ownersRoyaltyOfRequest(tx, request.id)).reduce((s, o) => s + o.amount, 0);
  const royalty = collected!.royalty - (credited?.royalty ?? 0) - moved;
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
    moved === 0 ? `Request ${request.id} licensed: royalties owed` : `Request ${request.id}: top-up royalties owed`;
  await post(tx, { kind: "royalty_owed", memo, accountId: request.accountId, requestId: request.id }, [
    { account: "royalties_held", amount: royalty },
    ...owners.map((o, i) => ({ account: "royalties_payable" as const, ownerId: o.ownerId, amount: -parts[i]! })),
  ]);
}
