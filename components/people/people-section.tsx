import { ActionButton } from "@/components/action-button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { FindLicensees } from "@/components/licensees/licensee-search";
import type { FormResult } from "@/lib/forms/form-result";
import type { PeopleList } from "@/lib/people/list-people";
import type { PeopleActions } from "@/lib/people/people-actions";
import { InviteForm } from "./invite-form";
import { InvitationsTable, PeopleTable } from "./people-tables";

type Action = (id: number) => Promise<FormResult<unknown>>;
type ServerActions = {
  invite: (values: unknown) => Promise<FormResult<unknown>>;
  findLicensees: FindLicensees;
  resend: Action;
  revoke: Action;
  deactivate: Action;
  reactivate: Action;
  changeRole: (id: number, role: string) => Promise<FormResult<unknown>>;
};

const small = "rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-60";

const ROLE_CHANGE_LABELS = { admin: "Make admin", member: "Make member" } as const;

/**
 * People and open invitations of one place, with what the viewer may do (`allowed`, lib/people/people-actions.ts):
 * invite, resend or revoke invitations, deactivate, reactivate and change roles of others.
 */
export function PeopleSection({
  list,
  allowed,
  actions,
}: {
  list: PeopleList;
  allowed: PeopleActions;
  actions: ServerActions;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="people-heading" className="space-y-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          People
        </h2>
        <PeopleTable
          people={list.people}
          actions={(p) => {
            const may = allowed.people[p.id];
            if (!may) return null;
            const { changeRole } = may;
            return (
              <>
                {changeRole.allowed ? (
                  <ActionButton
                    action={actions.changeRole.bind(null, p.id, changeRole.to)}
                    label={ROLE_CHANGE_LABELS[changeRole.to]}
                    pendingLabel="Changing…"
                    accessibleName={`${ROLE_CHANGE_LABELS[changeRole.to]}: ${p.name}`}
                    className={small}
                  />
                ) : null}
                {may.reactivate.allowed ? (
                  <ActionButton
                    action={actions.reactivate.bind(null, p.id)}
                    label="Reactivate"
                    pendingLabel="Reactivating…"
                    accessibleName={`Reactivate ${p.name}`}
                    className={small}
                  />
                ) : null}
                {may.deactivate.allowed ? (
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
                ) : null}
              </>
            );
          }}
        />
      </section>
      <section aria-labelledby="invitations-heading" className="space-y-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <InvitationsTable
          invitations={list.invitations}
          actions={(i) =>
            allowed.invitations[i.id]?.allowed ? (
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
      {allowed.invite.allowed ? (
        <InviteForm
          roles={allowed.invite.roles}
          licensees={list.licensees}
          findLicensees={actions.findLicensees}
          invite={actions.invite}
        />
      ) : null}
    </div>
  );
}
