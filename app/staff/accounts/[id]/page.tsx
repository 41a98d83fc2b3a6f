import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionButton } from "@/components/action-button";
import { AccountNameForm } from "@/components/accounts/account-name-form";
import { AuditList } from "@/components/audit/audit-list";
import { PeopleSection } from "@/components/people/people-section";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { getAccount } from "@/lib/accounts/get-account";
import { listAuditEvents } from "@/lib/accounts/list-audit-events";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { listPeople } from "@/lib/people/list-people";
import { peopleActions } from "@/lib/people/people-actions";
import {
  changeRoleAction,
  findLicenseesAction,
  deactivatePersonAction,
  inviteToAccountAction,
  reactivatePersonAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "@/app/people/actions";
import { changeAccountAction } from "../actions";

export const metadata: Metadata = { title: "Client account" };

const AUDIT_SHOWN = 20;

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireStaffPage();
  const db = await getDb();
  const { id: raw } = await params;
  const account = await orNotFound(() => getAccount(db, actor, pathId(raw, "Account")));
  const [people, audit] = await Promise.all([
    listPeople(db, actor, account.id),
    listAuditEvents(db, actor, { accountId: account.id, offset: 0, limit: AUDIT_SHOWN }),
  ]);
  const change = changeAccountAction.bind(null, account.id);
  return (
    <div className="space-y-8">
      <PageHeader
        title={account.name}
        description={
          <>
            Client account #{account.id}. <Link href="/staff/accounts">All accounts</Link>
          </>
        }
      />
      <section aria-labelledby="settings-heading" className={`${cardClass} space-y-4`}>
        <h2 id="settings-heading" className="text-lg font-semibold">
          Account
        </h2>
        <AccountNameForm name={account.name} rename={change} />
        {account.suspended ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              Suspended: its people and API keys are refused; its data is kept.
            </p>
            <ActionButton
              action={change.bind(null, { suspended: false })}
              label="Reactivate account"
              pendingLabel="Reactivating…"
            />
          </div>
        ) : (
          <ConfirmAction
            label="Suspend account"
            question={`Suspend ${account.name}? Its people and API keys are refused at once; nothing is deleted.`}
            confirmLabel="Yes, suspend it"
            pendingLabel="Suspending…"
            keepLabel="Keep it active"
            doneMessage={`${account.name} was suspended.`}
            action={change.bind(null, { suspended: true })}
          />
        )}
      </section>
      <PeopleSection
        list={people}
        allowed={peopleActions(actor, people)}
        actions={{
          invite: inviteToAccountAction.bind(null, account.id),
          findLicensees: findLicenseesAction.bind(null, account.id),
          resend: resendInvitationAction,
          revoke: revokeInvitationAction,
          deactivate: deactivatePersonAction,
          reactivate: reactivatePersonAction,
          changeRole: changeRoleAction,
        }}
      />
      <section aria-labelledby="audit-heading" className="space-y-3">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Audit trail
        </h2>
        <p className="text-sm text-slate-600">
          Who did what, newest first{audit.total > AUDIT_SHOWN ? ` (the latest ${AUDIT_SHOWN} of ${audit.total})` : ""}.{" "}
          <Link href={`/staff/accounts/${account.id}/audit`}>The whole trail, by record or person</Link>
        </p>
        <AuditList events={audit.items} />
      </section>
    </div>
  );
}
