import Link from "next/link";
import { StatusBadge } from "@/components/status-badge";
import type { StatusCode } from "@/lib/requests/statuses";

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
};

export function QueueTable({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return <p className="text-slate-600">No requests match these filters.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Requests, oldest first</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">Request</th>
            <th scope="col" className="px-3 py-2">Song as filed</th>
            <th scope="col" className="px-3 py-2">Album</th>
            <th scope="col" className="px-3 py-2">Client</th>
            <th scope="col" className="px-3 py-2">Licensee</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Waiting</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
