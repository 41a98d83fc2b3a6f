import { requireRole, type Actor } from "@/lib/auth/actor";
import { forbidden, validationFailed } from "@/lib/errors";
import type { InvitationRole } from "./schemas";

/** The People page and its lists: employees (the service's staff, or an account's) and client staff (their own account). */
export const requirePeopleViewer = (actor: Actor) => requireRole(actor, ["employee", "client"], "see people");

/**
 * Where an invitation for `role` goes (null: the service's staff): service staff join the service; client staff
 * invite into their own account; employees invite client staff and licensee users into the account they name.
 */
export function invitationPlace(
  inviter: Exclude<Actor, { kind: "licensee" }>,
  role: InvitationRole,
  accountId?: number,
): number | null {
  if (role === "employee") return null;
  if (inviter.kind === "client") return inviter.accountId;
  if (accountId !== undefined) return accountId;
  throw validationFailed([
    { path: "role", message: "invite client staff and licensee users from the client's account page" },
  ]);
}

/** No one changes their own access (deactivation, role): another admin does, so an account always keeps one. */
export function refuseChangingOwnAccess(manager: Pick<Actor, "userId">, userId: number): void {
  if (userId === manager.userId) throw forbidden("You cannot change your own access; ask another admin.");
}

/** Only client staff have an admin or member role to change. */
export function requireClientStaffUser(user: { role: string }): void {
  if (user.role !== "client")
    throw validationFailed([{ path: "role", message: "only client staff have an admin or member role" }]);
}
