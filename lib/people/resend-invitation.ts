import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, invitations, licensees } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { lockOpenInvitation } from "./find-open-invitation";
import { joiningAs } from "./invite-person";
import { enqueueOneTimeMail, invitationMail, oneTimeLink } from "./one-time-mail";
import { INVITATION_TTL_MS, newOneTimeToken } from "./one-time-token";

/** Sends an open invitation again with a new link, valid 7 days from now; the previous link stops working. */
export async function resendInvitation(db: Db, actor: Actor, invitationId: number) {
  return db.transaction(async (tx) => {
    const { invitation, inviter } = await lockOpenInvitation(tx, actor, invitationId);
    const { token, hash } = newOneTimeToken();
    const expiresAt = new Date(now().getTime() + INVITATION_TTL_MS);
    await tx
      .update(invitations)
      .set({ tokenHash: hash, expiresAt, lastSentAt: now() })
      .where(eq(invitations.id, invitation.id));
    const [account] = invitation.accountId
      ? await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, invitation.accountId))
      : [];
    const [licensee] = invitation.licenseeId
      ? await tx.select().from(licensees).where(eq(licensees.id, invitation.licenseeId))
      : [];
    const joining = joiningAs({
      role: invitation.role,
      clientRole: invitation.clientRole,
      accountName: account?.name ?? null,
      licenseeName: licensee ? licenseeName(licensee) : null,
    });
    await enqueueOneTimeMail(tx, {
      to: invitation.email,
      ...invitationMail({
        name: invitation.name,
        inviterName: inviter.name,
        joining,
        link: oneTimeLink("accept-invitation", token),
        expiresAt,
      }),
    });
    await recordAudit(tx, inviter, {
      action: "invitation.resent",
      entityType: "invitation",
      entityId: invitation.id,
      accountId: invitation.accountId,
      detail: { email: invitation.email },
    });
    return { accountId: invitation.accountId };
  });
}
