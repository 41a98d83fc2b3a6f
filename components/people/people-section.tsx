import { ActionButton } from "@/components/action-button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { FindLicensees } from "@/components/licensees/licensee-search";
import type { FormResult } from "@/lib/forms/form-result";
import type { PeopleList } from "@/lib/people/list-people";
import type { InvitationRole } from "@/lib/people/schemas";
import { InviteForm } from "./invite-form";
import { InvitationsTable, PeopleTable } from "./people-tables";

type Action = (id: number) => Promise<FormResult<unknown>>;
export type PeopleActions = {
  invite: (values: unknown) => Promise<FormResult<unknown>>;
  findLicensees: FindLicensees;
  resend: Action;
  revoke: Action;
  deactivate: Action;
  reactivate: Action;
  changeRole: (id: number, role: string) => Promise<FormResult<unknown>>;
};

const small = "rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-60";

/**
 * People and open invitations of one place, with what the viewer may do: invite as `inviteRoles`, resend or revoke
 * invitations of those roles, and (`canManage`) deactivate, reactivate and change roles of others.
 */
export function PeopleSection({
  list,
  viewerId,
  inviteRoles,
  canManage,
  actions,
}: {
  list: PeopleList;
  viewerId: number | null;
  inviteRoles: InvitationRole[];
  canManage: boolean;
  actions: PeopleActions;
}) {
  const invitable = (i: PeopleList["invitations"][number]) => inviteRoles.includes((i.clientRole ?? i.role) as InvitationRole);
  return (
    <div className="space-y-6">
      <section aria-labelledby="people-heading" className="space-y-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          People
        </h2>
        <PeopleTable
          people={list.people}
          actions={(p) =>
            !canManage || p.id === viewerId ? null : (
              <>
                {p.role === "client" && !p.deactivatedAt ? (
                  <ActionButton
                    action={actions.changeRole.bind(null, p.id, p.clientRole === "admin" ? "member" : "admin")}
                    label={p.clientRole === "admin" ? "Make member" : "Make admin"}
                    pendingLabel="Changing…"
                    accessibleName={`${p.clientRole === "admin" ? "Make member" : "Make admin"}: ${p.name}`}
                    className={small}
                  />
                ) : null}
                {p.deactivatedAt ? (
                  <ActionButton
                    action={actions.reactivate.bind(null, p.id)}
                    label="Reactivate"
                    pendingLabel="Reactivating…"
                    accessibleName={`Reactivate ${p.name}`}
                    className={small}
                  />
                ) : (
                  <ConfirmAction
                    label="Deactivate"
                    accessibleLabel={`Deactivate ${p.name}`}
                    question={`Deactivate ${p.name}? They are signed out at once and cannot sign in until reactivated.`}
                    confirmLabel={`Yes, deactivate ${p.name}`}
                    pendingLabel="Deactivating…"
                    keepLabel="Keep them"
                    doneMessage={`${p.name} was deactivated.`}
                    action={actions.deactivate.bind(null, p.id)}
                  />
                )}
              </>
            )
          }
        />
      </section>
      <section aria-labelledby="invitations-heading" className="space-y-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <InvitationsTable
          invitations={list.invitations}
          actions={(i) =>
            invitable(i) ? (
              <>
                <ActionButton
                  action={actions.resend.bind(null, i.id)}
                  label="Resend"
                  pendingLabel="Resending…"
                  accessibleName={`Resend the invitation to ${i.email}`}
                  className={small}
                />
                <ActionButton
                  action={actions.revoke.bind(null, i.id)}
                  label="Revoke"
                  pendingLabel="Revoking…"
                  accessibleName={`Revoke the invitation to ${i.email}`}
                  className={small}
                />
              </>
            ) : null
          }
        />
      </section>
      {inviteRoles.length > 0 ? <InviteForm roles={inviteRoles} licensees={list.licensees} findLicensees={actions.findLicensees} invite={actions.invite} /> : null}
    </div>
  );
}
