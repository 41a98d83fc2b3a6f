import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts } from "@/db/schema";

/**
 * Serialises the money operations of one client account (issuing, paying, voiding, crediting, refunding): each
 * reads the prepaid balance and may draw on it, so two at once must not both spend it.
 */
export async function lockAccountMoney(tx: Tx, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
}
