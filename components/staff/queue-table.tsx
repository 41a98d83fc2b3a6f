import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/status-badge";
import { formatDay, formatUsd } from "@/lib/formatting";
import type { StatusCode } from "@/lib/requests/statuses";
import { describeQueueOrder, queueHref, type QueueQuery, type QueueSort } from "@/lib/staff/queue-query";
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
  formatTitle: string;
  units: number;
  royaltyTotal: string;
  ageDays: number;
  daysInStatus: number;
  waitingOn: "us" | "client" | null;
  clientReplied: boolean;
  assignee: string | null;
  dueOn: string;
  /** Open requests only: notices overdue, or due within 7 days. */
  deadline: "overdue" | "soon" | null;
  changedSinceReady: { royaltyBefore: string; royaltyNow: string } | null;
};

const DEADLINE = {
  overdue: { label: "Overdue", className: "bg-red-100 text-red-900" },
  soon: { label: "Due this week", className: "bg-amber-100 text-amber-900" },
};

const COLUMNS: { sort: QueueSort; label: string }[] = [
  { sort: "id", label: "Request" },
  { sort: "song", label: "Song as filed" },
  { sort: "album", label: "Album" },
  { sort: "client", label: "Client" },
  { sort: "licensee", label: "Licensee" },
  { sort: "format", label: "Format" },
  { sort: "units", label: "Units" },
  { sort: "royalty", label: "Royalty" },
  { sort: "status", label: "Status" },
  { sort: "inStatus", label: "In status" },
  { sort: "waiting", label: "Waiting" },
  { sort: "due", label: "Notices due" },
];

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** A column header that sorts the queue by its column; a second click reverses the order. */
function SortHeader({ column, query }: { column: (typeof COLUMNS)[number]; query: QueueQuery }) {
  const active = query.sort === column.sort;
  const dir = active && query.dir === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      className="px-3 py-2 whitespace-nowrap"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link href={queueHref(query, { sort: column.sort, dir, page: 1 })} className="text-slate-700">
        {column.label}
        {active ? <span aria-hidden="true">{query.dir === "asc" ? " ▲" : " ▼"}</span> : null}
        <span className="sr-only">, sort {dir === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}

/** `selectFor`: the id of the bulk form each row's checkbox belongs to. */
export function QueueTable({ items, query, selectFor }: { items: QueueItem[]; query: QueueQuery; selectFor: string }) {
  if (items.length === 0) return <p className="text-slate-600">No requests match these filters.</p>;
  return (
    <div className={tableBoxClass}>
      <table className={wideTableClass}>
        <caption className="sr-only">Requests, {describeQueueOrder(query)}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Select</span>
            </th>
            {COLUMNS.map((c) => (
              <SortHeader key={c.sort} column={c} query={query} />
            ))}
            <th scope="col" className="px-3 py-2">
              Assignee
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  name="requestIds"
                  value={r.id}
                  form={selectFor}
                  aria-label={`Select request #${r.id}`}
                  className="size-4"
                />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <Link href={`/staff/requests/${r.id}`}>#{r.id}</Link>
                {r.kind === "reorder" ? <span className="ml-1 text-xs text-slate-600">(reorder)</span> : null}
                {r.clientReplied ? (
                  <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-900">
                    Client replied
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                {r.songTitle}
                {r.songLinked ? <span className="ml-1 text-xs text-emerald-800">· linked</span> : null}
              </td>
              <td className="px-3 py-2">{r.albumTitle}</td>
              <td className="px-3 py-2">{r.accountName}</td>
              <td className="px-3 py-2">{r.licenseeName}</td>
              <td className="px-3 py-2">{r.formatTitle}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.units.toLocaleString("en-US")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatUsd(r.royaltyTotal)}</td>
              <td className="px-3 py-2">
                <StatusBadge code={r.statusCode} />
                {r.waitingOn ? (
                  <span className="mt-1 block text-xs text-slate-600">
                    {r.waitingOn === "client" ? "Waiting on the client" : "Waiting on us"}
                  </span>
                ) : null}
                {r.changedSinceReady ? (
                  <span className="mt-1 block whitespace-nowrap rounded bg-orange-100 px-1.5 py-0.5 text-xs font-medium text-orange-950">
                    Changed since ready: {formatUsd(r.changedSinceReady.royaltyBefore)} →{" "}
                    {formatUsd(r.changedSinceReady.royaltyNow)}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{days(r.daysInStatus)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{days(r.ageDays)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDay(r.dueOn)}
                {r.deadline ? (
                  <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-medium ${DEADLINE[r.deadline].className}`}>
                    {DEADLINE[r.deadline].label}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">{r.assignee ?? <span className="text-slate-500">No one</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
