import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PeopleSection } from "@/components/people/people-section";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { listPeople } from "@/lib/people/list-people";
import { peopleActions, peoplePage } from "@/lib/people/people-actions";
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
  const { actor } = await requireActor();
  if (!peoplePage(actor).allowed) notFound();
  const list = await listPeople(await getDb(), actor);
  const allowed = peopleActions(actor, list);
  return (
    <div>
      <PageHeader
        title="People"
        description={
          // The list of no account is the service's own staff.
          list.accountId === null
            ? "The service's staff. Client staff and licensee users are managed from each client's account page."
            : allowed.manage.allowed
              ? "Your account's staff and your licensees' users. Members file requests, post on walls, issue invoices and pay them, and invite licensee users; admins also manage people, API keys, webhooks and billing settings."
              : "Your account's people. Members file requests, post on walls, issue invoices and pay them, and invite licensee users; your admins also manage everyone else, API keys, webhooks and billing settings."
        }
      />
      <PeopleSection
        list={list}
        allowed={allowed}
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
