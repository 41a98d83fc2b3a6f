import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ownerNotices, requests } from "@/db/schema";
import { splitByShares } from "./split-royalty";

/** Why an owner's share of the royalty is neither invoiced nor paid, as the quote, invoice and license print it. */
export const NOT_PAYABLE = "not payable: owner not identified";

/**
 * An owner the Copyright Office's records do not identify (marked "not found" and not identified since) is owed
 * nothing for copies made before being identified.
 */
export const unpayableNotice = sql<boolean>`(${ownerNotices.ownerNotFoundAt} is not null and ${ownerNotices.ownerIdentifiedAt} is null)`;

type Share = { shareBasisPoints: number; unpayable: boolean };

/**
 * Each owner's part of the royalty total (split as the owners' royalties are, so the parts add up to the total) and
 * the sum of the unpayable owners' parts: what `requests.royalty_not_payable` holds.
 */
export function notPayableParts(royaltyTotal: number, shares: Share[]) {
  const parts = splitByShares(
    royaltyTotal,
    shares.map((s) => s.shareBasisPoints),
  );
  const notPayable = parts.reduce((sum, part, i) => (shares[i]!.unpayable ? sum + part : sum), 0);
  return { parts, notPayable };
}

/**
 * Recomputes the request's `royalty_not_payable` from its royalty total and its notices (after an owner was marked
 * not found or identified, or the royalty changed), and returns it. The `owing` trigger follows it: a share that
 * becomes payable again leaves the request owing that much as a top-up.
 */
export async function refreshRoyaltyNotPayable(tx: Tx, requestId: number): Promise<number> {
  const [request] = await tx
    .select({ royaltyTotal: requests.royaltyTotal, royaltyNotPayable: requests.royaltyNotPayable })
    .from(requests)
    .where(eq(requests.id, requestId));
  const notices = await tx
    .select({
      shareBasisPoints: ownerNotices.shareBasisPoints,
      unpayable: unpayableNotice,
    })
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, requestId))
    .orderBy(asc(ownerNotices.id));
  const { notPayable } = notPayableParts(request!.royaltyTotal, notices);
  if (notPayable !== request!.royaltyNotPayable) {
    await tx.update(requests).set({ royaltyNotPayable: notPayable }).where(eq(requests.id, requestId));
  }
  return notPayable;
}
