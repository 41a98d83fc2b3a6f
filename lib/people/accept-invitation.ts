import { and, eq, gt, isNull } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { accounts, invitations, licensees, users } from "@/db/schema";
import { accountSuspended } from "@/lib/auth/users";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { joiningAs } from "./invite-person";
import { hashOneTimeToken } from "./one-time-token";
import { newPasswordHash } from "./password-hash";
import type { z } from "zod";
import type { acceptInvitationInput } from "./schemas";

const notValid = () =>
  new DomainError(
    "not_found",
    "This invitation link is not valid any more: it was used, revoked or replaced by a newer one, or it expired. " +
      "Ask the person who invited you to send it again.",
  );

/** An invitation by the token of its link, while it can still be accepted. */
function openByToken(db: Conn, token: string) {
  return db
    .select({
      invitation: invitations,
      accountName: accounts.name,
      suspendedAt: accounts.suspendedAt,
      licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
    })
    .from(invitations)
    .leftJoin(accounts, eq(accounts.id, invitations.accountId))
    .leftJoin(licensees, eq(licensees.id, invitations.licenseeId))
    .where(
      and(
        eq(invitations.tokenHash, hashOneTimeToken(token)),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now()),
      ),
    );
}

/** What the accept page shows about the invitation of a link, or null when the link cannot be used. */
export async function findInvitationByToken(db: Conn, token: string) {
  const [row] = await openByToken(db, token);
  if (!row) return null;
  const { invitation: i, accountName, licensee } = row;
  return {
    email: i.email,
    name: i.name,
    inviterName: i.invitedByName,
    expiresAt: i.expiresAt,
    joining: joiningAs({ ...i, accountName, licenseeName: licensee ? licenseeName(licensee) : null }),
  };
}

/**
 * Accepts an invitation: makes the user with the chosen name and password, once. Returns the email to sign in with.
 * The link is single-use: the invitation row is locked and marked accepted in the same transaction.
 */
export async function acceptInvitation(db: Db, token: string, input: z.output<typeof acceptInvitationInput>) {
  return db.transaction(async (tx) => {
    const [row] = await openByToken(tx, token).for("update", { of: invitations });
    if (!row) throw notValid();
    const { invitation } = row;
    if (row.suspendedAt) throw accountSuspended();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    if (taken)
      throw new DomainError(
        "invalid_transition",
        `${invitation.email} already has a CoverDesk sign-in: sign in instead.`,
      );
    const [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        name: input.name,
        passwordHash: await newPasswordHash(input.password, invitation),
        role: invitation.role,
        clientRole: invitation.clientRole,
        accountId: invitation.accountId,
        licenseeId: invitation.licenseeId,
      })
      .returning({ id: users.id, email: users.email, name: users.name, role: users.role });
    if (!user) throw new Error("user insert returned nothing");
    await tx
      .update(invitations)
      .set({ acceptedAt: now(), acceptedUserId: user.id })
      .where(eq(invitations.id, invitation.id));
    await recordAudit(
      tx,
      { kind: user.role, name: user.name },
      {
        action: "invitation.accepted",
        entityType: "user",
        entityId: user.id,
        accountId: invitation.accountId,
        detail: { invitationId: invitation.id, email: user.email },
      },
    );
    return { email: user.email };
  });
}
