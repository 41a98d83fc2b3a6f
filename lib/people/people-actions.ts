import type { Actor } from "@/lib/auth/actor";
import type { ClientRole } from "@/lib/auth/client-roles";
import { allOf, allowed, permission, refused, type Permission } from "@/lib/auth/permission";
import { invitationRole } from "./find-open-invitation";
import type { PeopleList } from "./list-people";
import { requireInviter, requirePeopleManager } from "./people-permissions";
import { invitationPlace, refuseChangingOwnAccess, requireClientStaffUser, requirePeopleViewer } from "./person-rules";
import type { InvitationRole } from "./schemas";

/**
 * The order the invite form lists the roles in, its first the default: client staff invite members more often than
 * admins; staff setting up a client's account invite its admin first.
 */
const ROLE_ORDER: Record<Actor["kind"], readonly InvitationRole[]> = {
  employee: ["employee", "admin", "member", "licensee"],
  client: ["member", "admin", "licensee"],
  licensee: [],
};

/** Whether the People page is the caller's at all (listPeople's gate). */
export const peoplePage = (actor: Actor): Permission => permission(() => requirePeopleViewer(actor));

/** Whether `actor` may invite a person as `role` into the place the list is of (invitePerson's rules). */
function invitesHere(actor: Actor, role: InvitationRole, place: number | null): boolean {
  let here = false;
  const answer = permission(() => {
    here = invitationPlace(requireInviter(actor, role), role, place ?? undefined) === place;
  });
  return answer.allowed && here;
}

type Person = PeopleList["people"][number];

/**
 * What `actor` may do on a People list (their own at /people, or an account's on its staff page), each with the
 * reason when refused: the roles they may invite here, and per person and invitation what they may change. From the
 * rules of invitePerson, resendInvitation/revokeInvitation, deactivatePerson/reactivatePerson and changeClientRole.
 * The last admin of an account is refused only when tried: that needs the account's other admins, read under its lock.
 */
export function peopleActions(actor: Actor, list: Pick<PeopleList, "accountId" | "people" | "invitations">) {
  const manage = permission(() => requirePeopleManager(actor));
  const roles = ROLE_ORDER[actor.kind].filter((role) => invitesHere(actor, role, list.accountId));
  const person = (p: Person) => {
    const access = allOf(
      manage,
      permission(() => refuseChangingOwnAccess(actor, p.id)),
    );
    const to: ClientRole = p.clientRole === "admin" ? "member" : "admin";
    return {
      /** Admin to member or member to admin. */
      changeRole: {
        ...allOf(
          access,
          permission(() => requireClientStaffUser(p)),
          p.deactivatedAt ? refused(`${p.name} is deactivated: reactivate them first.`) : allowed,
        ),
        to,
      },
      deactivate: allOf(access, p.deactivatedAt ? refused(`${p.name} is already deactivated.`) : allowed),
      reactivate: allOf(access, p.deactivatedAt ? allowed : refused(`${p.name} is active.`)),
    };
  };
  return {
    manage,
    invite: { ...(roles.length > 0 ? allowed : refused("You cannot invite anyone here.")), roles },
    people: Object.fromEntries(list.people.map((p) => [p.id, person(p)])) as Record<number, ReturnType<typeof person>>,
    /** Resending and revoking an invitation: whoever may invite such a person. */
    invitations: Object.fromEntries(
      list.invitations.map((i) => [i.id, permission(() => requireInviter(actor, invitationRole(i)))]),
    ) as Record<number, Permission>,
  };
}

export type PeopleActions = ReturnType<typeof peopleActions>;
