import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { CLIENT_ROLE_LABELS } from "@/lib/auth/client-roles";
import { formatDate, formatDateTime } from "@/lib/formatting";
import type { PeopleList } from "@/lib/people/list-people";

type Person = PeopleList["people"][number];
type Invitation = PeopleList["invitations"][number];

/** "Admin", "Member", "Licensee user (Lee Music)", "Service staff". */
function roleLabel(p: { role: string; clientRole: "admin" | "member" | null; licenseeName: string | null }) {
  if (p.role === "client" && p.clientRole) return CLIENT_ROLE_LABELS[p.clientRole];
  if (p.role === "licensee") return `Licensee user (${p.licenseeName ?? "?"})`;
  return "Service staff";
}

const badge = "ml-2 rounded-full px-2 py-0.5 text-xs font-medium";

/** The people of a place, one row each; `actions` renders what the viewer may do to a person. */
export function PeopleTable({ people, actions }: { people: Person[]; actions: (p: Person) => ReactNode }) {
  if (people.length === 0) return <EmptyState title="No one yet.">Invite someone below.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="People">
      {people.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {p.name}
              {p.deactivatedAt ? <span className={`${badge} bg-slate-200 text-slate-800`}>Deactivated</span> : null}
              {!p.hasPassword && !p.deactivatedAt ? (
                <span className={`${badge} bg-amber-100 text-amber-900`}>No password yet</span>
              ) : null}
            </p>
            <p className="text-sm break-words text-slate-600">
              {p.email} · {roleLabel(p)} · since {formatDate(p.dateAdded)}
              {p.deactivatedAt ? ` · deactivated ${formatDateTime(p.deactivatedAt)}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">{actions(p)}</div>
        </li>
      ))}
    </ul>
  );
}

/** Invitations not yet accepted or revoked, with their state; `actions` renders resend and revoke. */
export function InvitationsTable({
  invitations,
  actions,
}: {
  invitations: Invitation[];
  actions: (i: Invitation) => ReactNode;
}) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No open invitations.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Open invitations">
      {invitations.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {i.name} <span className="font-normal text-slate-600">&lt;{i.email}&gt;</span>
              {i.expired ? <span className={`${badge} bg-red-100 text-red-900`}>Expired</span> : null}
            </p>
            <p className="text-sm text-slate-600">
              {roleLabel(i)} · invited by {i.invitedByName}, sent {formatDateTime(i.lastSentAt)} ·{" "}
              {i.expired ? "expired" : "expires"} {formatDateTime(i.expiresAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">{actions(i)}</div>
        </li>
      ))}
    </ul>
  );
}
