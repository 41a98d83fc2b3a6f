import { and, count, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { accounts, users } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { DomainError, forbidden, notFound } from "@/lib/errors";
import { refuseChangingOwnAccess } from "./person-rules";
import type { InvitationRole } from "./schemas";

/**
 * Who may invite whom (docs/product-rules.md, "Roles and visibility"): employees invite anyone; a client admin invites client staff and licensee
 * users of its own account; a client member invites licensee users only. Licensees invite no one.
 */
export function requireInviter(actor: Actor, role: InvitationRole) {
  const inviter = requireRole(actor, ["employee", "client"], "invite people");
  if (inviter.kind === "employee") return inviter;
  if (role === "employee") throw forbidden("Only service staff can invite service staff.");
  if (role !== "licensee" && inviter.role !== "admin") {
    throw forbidden("Only client admins can invite client staff; members invite licensee users.");
  }
  return inviter;
}

/** Deactivating people and changing roles: employees (anyone) and client admins (people of their own account). */
export const requirePeopleManager = (actor: Actor) => requireRole(actor, ["employee", "client:admin"], "manage people");

/** Locks the account's row: every change that could leave it without an admin runs one at a time. */
export async function lockAccount(tx: Tx, accountId: number) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  if (!account) throw notFound("Account");
  return account;
}

/**
 * A user the manager may change, locked for the change (after the account's lock). A user of another account is
 * answered like one that does not exist.
 */
export async function lockManagedUser(tx: Tx, manager: Exclude<Actor, { kind: "licensee" }>, userId: number) {
  const [found] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  if (!found || (manager.kind === "client" && found.accountId !== manager.accountId)) throw notFound("Person");
  if (found.accountId !== null) await lockAccount(tx, found.accountId);
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("Person");
  refuseChangingOwnAccess(manager, user.id);
  return user;
}

/** The last active admin of an account can be neither deactivated nor demoted (call under the account's lock). */
export async function assertNotLastAdmin(tx: Tx, user: typeof users.$inferSelect) {
  if (user.role !== "client" || user.clientRole !== "admin" || user.deactivatedAt !== null || user.accountId === null)
    return;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.accountId, user.accountId),
        eq(users.clientRole, "admin"),
        isNull(users.deactivatedAt),
        ne(users.id, user.id),
      ),
    );
  if (!others?.n) {
    throw new DomainError(
      "invalid_transition",
      `${user.name} is the last admin of this account: make someone else admin first.`,
    );
  }
}
