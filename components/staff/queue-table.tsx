import Link from "next/link";
import { StatusBadge } from "@/components/status-badge";
import { formatDay } from "@/lib/formatting";
import type { StatusCode } from "@/lib/requests/statuses";
import { tableBoxClass, wideTableClass } from "@/components/ui/styles";

type QueueItem = {
  id: number;
  kind: "initial" | "reorder";
  statusCode: StatusCode;
  songTitle: string;
  songLinked: boolean;
  albumTitle: string;
  accountName: string;
  licenseeName: string;
  ageDays: number;
  dueOn: string;
  /** Open requests only: notices overdue, or due within 7 days. */
  deadline: "overdue" | "soon" | null;
};

const DEADLINE = {
  overdue: { label: "Overdue", className: "bg-red-100 text-red-900" },
  soon: { label: "Due this week", className: "bg-amber-100 text-amber-900" },
};

/** `selectFor`: the id of the bulk form each row's checkbox belongs to. */
export function QueueTable({ items, caption, selectFor }: { items: QueueItem[]; caption: string; selectFor: string }) {
  if (items.length === 0) return <p className="text-slate-600">No requests match these filters.</p>;
  return (
    <div className={tableBoxClass}>
      <table className={wideTableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className="px-3 py-2">Request</th>
            <th scope="col" className="px-3 py-2">Song as filed</th>
            <th scope="col" className="px-3 py-2">Album</th>
            <th scope="col" className="px-3 py-2">Client</th>
            <th scope="col" className="px-3 py-2">Licensee</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Waiting</th>
            <th scope="col" className="px-3 py-2">Notices due</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <input type="checkbox" name="requestIds" value={r.id} form={selectFor} aria-label={`Select request #${r.id}`} className="size-4" />
              </td>
              <td className="px-3 py-2">
                <Link href={`/staff/requests/${r.id}`}>#{r.id}</Link>
                {r.kind === "reorder" ? <span className="ml-1 text-xs text-slate-600">(reorder)</span> : null}
              </td>
              <td className="px-3 py-2">
                {r.songTitle}
                {r.songLinked ? <span className="ml-1 text-xs text-emerald-800">· linked</span> : null}
              </td>
              <td className="px-3 py-2">{r.albumTitle}</td>
              <td className="px-3 py-2">{r.accountName}</td>
              <td className="px-3 py-2">{r.licenseeName}</td>
              <td className="px-3 py-2">
                <StatusBadge code={r.statusCode} />
              </td>
              <td className="px-3 py-2">{r.ageDays === 1 ? "1 day" : `${r.ageDays} days`}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDay(r.dueOn)}
                {r.deadline ? (
                  <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-medium ${DEADLINE[r.deadline].className}`}>{DEADLINE[r.deadline].label}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
