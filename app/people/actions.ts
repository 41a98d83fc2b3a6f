"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { findLicensees, licenseeQuery } from "@/lib/licensees/find-licensees";
import { changeClientRole } from "@/lib/people/change-client-role";
import { deactivatePerson, reactivatePerson } from "@/lib/people/deactivate-person";
import { invitePerson } from "@/lib/people/invite-person";
import { resendInvitation } from "@/lib/people/resend-invitation";
import { revokeInvitation } from "@/lib/people/revoke-invitation";
import { clientRoleInput, invitationInput } from "@/lib/people/schemas";

// The People page and the staff account page show the same people: a change refreshes both.
const pagesOf = ({ accountId }: { accountId: number | null }) => [
  "/people",
  ...(accountId ? [`/staff/accounts/${accountId}`] : []),
];
const inviters = { roles: ["employee", "client"], doing: "invite people", revalidate: pagesOf } as const;
const managers = { roles: ["employee", "client:admin"], doing: "manage people", revalidate: pagesOf } as const;

/** Invites into the caller's place (client staff: their account; employees: the service's staff). */
export async function inviteAction(values: unknown) {
  return formAction({ ...inviters, schema: invitationInput, values }, ({ db, actor, input }) =>
    invitePerson(db, actor, input),
  );
}

/** Employees invite client staff and licensee users into an account (the staff account page). */
export async function inviteToAccountAction(accountId: number, values: unknown) {
  const options = { ...inviters, roles: ["employee"], schema: invitationInput, values } as const;
  return formAction(options, ({ db, actor, input }) =>
    invitePerson(db, actor, input, pathId(String(accountId), "Account")),
  );
}

/**
 * The invite form's licensee search, where the account has too many licensees to list: client staff search their
 * account (`accountId` is ignored), employees the account of the page (null on the service's own People page).
 */
export async function findLicenseesAction(accountId: number | null, q: unknown) {
  const options = {
    roles: ["employee", "client"],
    doing: "look up licensees",
    schema: licenseeQuery,
    values: q,
  } as const;
  return formAction(options, ({ db, actor, input }) => findLicensees(db, actor, { q: input, accountId }));
}

export async function resendInvitationAction(invitationId: number) {
  return formAction(inviters, ({ db, actor }) =>
    resendInvitation(db, actor, pathId(String(invitationId), "Invitation")),
  );
}

export async function revokeInvitationAction(invitationId: number) {
  return formAction(inviters, ({ db, actor }) =>
    revokeInvitation(db, actor, pathId(String(invitationId), "Invitation")),
  );
}

export async function deactivatePersonAction(userId: number) {
  return formAction(managers, ({ db, actor }) => deactivatePerson(db, actor, pathId(String(userId), "Person")));
}

export async function reactivatePersonAction(userId: number) {
  return formAction(managers, ({ db, actor }) => reactivatePerson(db, actor, pathId(String(userId), "Person")));
}

export async function changeRoleAction(userId: number, role: unknown) {
  return formAction({ ...managers, schema: clientRoleInput, values: { role } }, ({ db, actor, input }) =>
    changeClientRole(db, actor, pathId(String(userId), "Person"), input.role),
  );
}
