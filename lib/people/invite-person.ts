import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { accounts, invitations, licensees, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { notFound, validationFailed } from "@/lib/errors";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { enqueueOneTimeMail, invitationMail, oneTimeLink } from "./one-time-mail";
import { INVITATION_TTL_MS, newOneTimeToken } from "./one-time-token";
import { requireInviter } from "./people-permissions";
import { invitationPlace } from "./person-rules";
import type { InvitationInput, InvitationRole } from "./schemas";

/** What an invitation makes of its addressee, as a user row's role columns. */
function invitationScope(role: InvitationRole) {
  if (role === "employee" || role === "licensee") return { role, clientRole: null };
  return { role: "client" as const, clientRole: role };
}

/** "service staff of CoverDesk", "an admin of Demo Records", "a user of Lee Music (a licensee of Demo Records)". */
export function joiningAs(i: {
  role: string;
  clientRole: string | null;
  accountName: string | null;
  licenseeName: string | null;
}) {
  if (i.role === "employee") return "service staff of CoverDesk";
  if (i.role === "client") return `${i.clientRole === "admin" ? "an admin" : "a member"} of ${i.accountName}`;
  return `a user of ${i.licenseeName} (a licensee of ${i.accountName})`;
}

type Inviter = AuditActor & { userId: number | null };

/**
 * Writes an invitation and its mail, in the caller's transaction. The email must not belong to a user yet, nor to
 * an open invitation into the same place.
 */
export async function insertInvitation(
  tx: Tx,
  inviter: Inviter,
  input: InvitationInput & { accountId: number | null },
): Promise<{ id: number; accountId: number | null }> {
  const { role, clientRole } = invitationScope(input.role);
  const account = input.accountId === null ? null : await findAccount(tx, input.accountId);
  const licensee = role === "licensee" && account ? await findAccountLicensee(tx, account.id, input.licenseeId) : null;
  await assertInvitable(tx, input.email, account?.id ?? null);

  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(now().getTime() + INVITATION_TTL_MS);
  const [invitation] = await tx
    .insert(invitations)
    .values({
      email: input.email,
      name: input.name,
      role,
      clientRole,
      accountId: account?.id ?? null,
      licenseeId: licensee?.id ?? null,
      tokenHash: hash,
      expiresAt,
      invitedByUserId: inviter.userId,
      invitedByName: inviter.name,
      lastSentAt: now(),
    })
    .returning({ id: invitations.id });
  if (!invitation) throw new Error("invitation insert returned nothing");
  const joining = joiningAs({
    role,
    clientRole,
    accountName: account?.name ?? null,
    licenseeName: licensee ? licenseeName(licensee) : null,
  });
  await enqueueOneTimeMail(tx, {
    to: input.email,
    ...invitationMail({
      name: input.name,
      inviterName: inviter.name,
      joining,
      link: oneTimeLink("accept-invitation", token),
      expiresAt,
    }),
  });
  await recordAudit(tx, inviter, {
    action: "invitation.sent",
    entityType: "invitation",
    entityId: invitation.id,
    accountId: account?.id ?? null,
    detail: { email: input.email, name: input.name, role: input.role, licenseeId: licensee?.id ?? null },
  });
  return { id: invitation.id, accountId: account?.id ?? null };
}

async function findAccount(tx: Tx, accountId: number) {
  const [account] = await tx
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  return account;
}

async function findAccountLicensee(tx: Tx, accountId: number, licenseeId: string | undefined) {
  const [licensee] = licenseeId
    ? await tx
        .select()
        .from(licensees)
        .where(and(eq(licensees.id, licenseeId), eq(licensees.accountId, accountId)))
    : [];
  if (!licensee) throw validationFailed([{ path: "licenseeId", message: "choose a licensee of this account" }]);
  return licensee;
}

async function assertInvitable(tx: Tx, email: string, accountId: number | null) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (user) throw validationFailed([{ path: "email", message: "already has a CoverDesk sign-in" }]);
  const [open] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        accountId === null ? isNull(invitations.accountId) : eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now()),
      ),
    );
  if (open)
    throw validationFailed([{ path: "email", message: "is already invited; resend that invitation from People" }]);
}

/**
 * Invites a person (docs/product-rules.md, "Roles and visibility"): employees invite employees, and client staff into any account (`accountId`);
 * client admins invite client staff and licensee users of their own account; members invite licensee users.
 */
export async function invitePerson(db: Db, actor: Actor, input: InvitationInput, accountId?: number) {
  const inviter = requireInviter(actor, input.role);
  const target = invitationPlace(inviter, input.role, accountId);
  return db.transaction((tx) =>
    insertInvitation(tx, { ...inviter, userId: inviter.userId }, { ...input, accountId: target }),
  );
}
