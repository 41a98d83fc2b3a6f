import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PeopleSection } from "@/components/people/people-section";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { isClientAdmin } from "@/lib/auth/actor";
import { requireActor } from "@/lib/auth/session";
import { listPeople } from "@/lib/people/list-people";
import type { InvitationRole } from "@/lib/people/schemas";
import {
  changeRoleAction,
  findLicenseesAction,
  deactivatePersonAction,
  inviteAction,
  reactivatePersonAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "./actions";

export const metadata: Metadata = { title: "People" };

export default async function PeoplePage() {
  const { user, actor } = await requireActor();
  if (actor.kind === "licensee") notFound();
  const list = await listPeople(await getDb(), actor);
  const admin = actor.kind === "employee" || isClientAdmin(actor);
  const inviteRoles: InvitationRole[] = actor.kind === "employee" ? ["employee"] : admin ? ["member", "admin", "licensee"] : ["licensee"];
  return (
    <div>
      <PageHeader
        title="People"
        description={
          actor.kind === "employee"
            ? "The service's staff. Client staff and licensee users are managed from each client's account page."
            : admin
              ? "Your account's staff and your licensees' users. Admins manage people, API keys and billing; members file and edit requests."
              : "Your account's people. Members invite licensee users; your admins manage everyone else."
        }
      />
      <PeopleSection
        list={list}
        viewerId={user.id}
        inviteRoles={inviteRoles}
        canManage={admin}
        actions={{
          invite: inviteAction,
          findLicensees: findLicenseesAction.bind(null, null),
          resend: resendInvitationAction,
          revoke: revokeInvitationAction,
          deactivate: deactivatePersonAction,
          reactivate: reactivatePersonAction,
          changeRole: changeRoleAction,
        }}
      />
    </div>
  );
}
