import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ownerPayoutDetails, songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { lastFour } from "./bank-numbers";
import { maskedPayoutDetails, type MaskedPayoutDetails } from "./payout-details-view";
import type { PayoutDetailsInput } from "./schemas";

/**
 * PUT /api/owners/{id}/payout-details: staff enter or replace where an owner's payouts go, and the payout minimum the
 * owner chose when given; the answer is masked.
 */
export async function setPayoutDetails(
  db: Db,
  actor: Actor,
  ownerId: number,
  input: PayoutDetailsInput,
): Promise<MaskedPayoutDetails> {
  const employee = requireEmployee(actor, "enter owners' payout details");
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: songOwners.id }).from(songOwners).where(eq(songOwners.id, ownerId));
    if (!owner) throw notFound(`Owner ${ownerId}`);
    const values = {
      accountHolder: input.accountHolder,
      kind: input.kind,
      iban: input.kind === "iban" ? input.iban : null,
      routingNumber: input.kind === "us_account" ? input.routingNumber : null,
      accountNumber: input.kind === "us_account" ? input.accountNumber : null,
      updatedByName: employee.name,
      dateUpdated: now(),
    };
    const [row] = await tx
      .insert(ownerPayoutDetails)
      .values({ ownerId, ...values })
      .onConflictDoUpdate({ target: ownerPayoutDetails.ownerId, set: values })
      .returning();
    if (input.payoutMinimum !== undefined)
      await tx.update(songOwners).set({ payoutMinimum: input.payoutMinimum }).where(eq(songOwners.id, ownerId));
    const account = lastFour(input.kind === "iban" ? input.iban : input.accountNumber);
    await recordAudit(tx, employee, {
      action: "owner.payout_details_set",
      entityType: "song_owner",
      entityId: ownerId,
      accountId: null,
      detail: { kind: input.kind, account, payoutMinimum: input.payoutMinimum ?? null },
    });
    return maskedPayoutDetails(row!);
  });
}
