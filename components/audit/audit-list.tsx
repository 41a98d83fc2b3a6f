import { formatDateTime } from "@/lib/formatting";
import type { AuditEventRow } from "@/lib/accounts/list-audit-events";
import { tableBoxClass } from "@/components/ui/styles";

const KIND: Record<string, string> = {
  employee: "service staff",
  client: "client staff",
  licensee: "licensee",
  system: "system",
};

/** An audit trail: when, who (and as what), what, on which record, with the recorded details. */
export function AuditList({ events }: { events: AuditEventRow[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">Nothing recorded yet.</p>;
  return (
    <div className={tableBoxClass}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th className="px-3 py-2">When</th>
            <th className="px-3 py-2">Who</th>
            <th className="px-3 py-2">What</th>
            <th className="px-3 py-2">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.dateAdded)}</td>
              <td className="px-3 py-2">
                {e.actorName} <span className="text-slate-600">({KIND[e.actorKind] ?? e.actorKind})</span>
              </td>
              <td className="px-3 py-2">
                <code className="font-mono">{e.action}</code>{" "}
                <span className="text-slate-600">
                  {e.entityType} {e.entityId}
                </span>
              </td>
              <td className="max-w-md px-3 py-2 font-mono text-xs break-words text-slate-700">
                {e.detail ? JSON.stringify(e.detail) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
