import { inArray } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerPayoutDetails } from "@/db/schema";
import { lastFour } from "./bank-numbers";

type Row = typeof ownerPayoutDetails.$inferSelect;

/** Payout details as anyone sees them after entry: the holder, the kind and the last 4 of the account. */
export function maskedPayoutDetails(row: Row) {
  return {
    ownerId: row.ownerId,
    accountHolder: row.accountHolder,
    kind: row.kind,
    account: lastFour(row.kind === "iban" ? row.iban! : row.accountNumber!),
    updatedBy: row.updatedByName,
    dateUpdated: row.dateUpdated.toISOString(),
  };
}
export type MaskedPayoutDetails = ReturnType<typeof maskedPayoutDetails>;

/** The masked details of these owners (those that have any), by owner id. */
export async function maskedPayoutDetailsOf(db: Conn, ownerIds: number[]): Promise<Map<number, MaskedPayoutDetails>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select().from(ownerPayoutDetails).where(inArray(ownerPayoutDetails.ownerId, ownerIds));
  return new Map(rows.map((r) => [r.ownerId, maskedPayoutDetails(r)]));
}
