import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerPayoutDetails } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { notFound } from "@/lib/errors";
import { maskedPayoutDetails, type MaskedPayoutDetails } from "./payout-details-view";

/** GET /api/owners/{id}/payout-details: the owner's payout details, masked (404 when none were entered). */
export async function getPayoutDetails(db: Conn, actor: Actor, ownerId: number): Promise<MaskedPayoutDetails> {
  requireEmployee(actor, "read owners' payout details");
  const [row] = await db.select().from(ownerPayoutDetails).where(eq(ownerPayoutDetails.ownerId, ownerId));
  if (!row) throw notFound(`Payout details of owner ${ownerId}`);
  return maskedPayoutDetails(row);
}
