import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invitations } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { lockOpenInvitation } from "./find-open-invitation";

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, actor: Actor, invitationId: number) {
  return db.transaction(async (tx) => {
    const { invitation, inviter } = await lockOpenInvitation(tx, actor, invitationId);
    await tx.update(invitations).set({ revokedAt: now() }).where(eq(invitations.id, invitation.id));
    await recordAudit(tx, inviter, {
      action: "invitation.revoked",
      entityType: "invitation",
      entityId: invitation.id,
      accountId: invitation.accountId,
      detail: { email: invitation.email },
    });
    return { accountId: invitation.accountId };
  });
}
