import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invoiceLines, invoices, ownerNotices } from "@/db/schema";
import { post } from "./ledger";
import { splitByShares } from "./split-royalty";

/**
 * A request became licensed: the royalty collected for it (its lines on paid invoices) is now owed to the song's
 * owners, split in cents by the shares on its notices (the snapshot taken when licensing began), by largest remainder.
 */
export async function postOwnerRoyalties(tx: Tx, request: { id: number; accountId: number }): Promise<void> {
  const [collected] = await tx
    .select({ royalty: sql<number>`coalesce(sum(${invoiceLines.royalty}), 0)`.mapWith(Number) })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.requestId, request.id), eq(invoices.status, "paid"), isNull(invoiceLines.creditedAt)));
  const royalty = collected!.royalty;
  if (royalty === 0) return;
  const owners = await tx.select().from(ownerNotices).where(eq(ownerNotices.requestId, request.id)).orderBy(asc(ownerNotices.id));
  // Split in whole cents (the collected royalty is whole cents), so every owner's part can be paid as it stands.
  const parts = splitByShares(royalty / 100, owners.map((o) => o.shareBasisPoints)).map((cents) => cents * 100);
  await post(tx, { kind: "royalty_owed", memo: `Request ${request.id} licensed: royalties owed`, accountId: request.accountId, requestId: request.id }, [
    { account: "royalties_held", amount: royalty },
    ...owners.map((o, i) => ({ account: "royalties_payable" as const, ownerId: o.ownerId, amount: -parts[i]! })),
  ]);
}
