import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { invitations } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { requireInviter } from "./people-permissions";
import type { InvitationRole } from "./schemas";

/** The role an invitation gives: a client role for client staff, else its kind of user. */
export const invitationRole = (row: { role: string; clientRole: string | null }) =>
  (row.clientRole ?? row.role) as InvitationRole;

/**
 * An invitation not yet accepted or revoked, locked, that the caller may resend or revoke: whoever may invite such a
 * person into that place. Another account's invitation is answered like one that does not exist.
 */
export async function lockOpenInvitation(tx: Tx, actor: Actor, invitationId: number) {
  const caller = requireRole(actor, ["employee", "client"], "manage invitations");
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .for("update");
  if (!row || (caller.kind === "client" && row.accountId !== caller.accountId)) throw notFound("Invitation");
  const inviter = requireInviter(caller, invitationRole(row));
  return { invitation: row, inviter };
}
