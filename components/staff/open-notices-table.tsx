import Link from "@/components/ui/link";
import { formatDay } from "@/lib/formatting";
import type { NoticeView } from "@/lib/licensing/list-notices";
import { tableBoxClass, wideTableClass } from "@/components/ui/styles";

const ROUTE: Record<NoticeView["route"], string> = {
  owner: "Serve on the owner",
  copyright_office: "File with the Copyright Office",
  none: "Cannot be served (digital, owner not in the records)",
};

/** Unserved notices across requests, the soonest due first (GET /api/notices?served=false). */
export function OpenNoticesTable({ notices }: { notices: (NoticeView & { requestId: number; songTitle: string })[] }) {
  if (notices.length === 0) return <p className="text-slate-600">Every notice is served.</p>;
  return (
    <div className={tableBoxClass}>
      <table className={wideTableClass}>
        <caption className="sr-only">Notices not yet served, the soonest due first</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Due
            </th>
            <th scope="col" className="px-3 py-2">
              Request
            </th>
            <th scope="col" className="px-3 py-2">
              Song as filed
            </th>
            <th scope="col" className="px-3 py-2">
              Owner
            </th>
            <th scope="col" className="px-3 py-2">
              Share
            </th>
            <th scope="col" className="px-3 py-2">
              How
            </th>
          </tr>
        </thead>
        <tbody>
          {notices.map((n) => (
            <tr key={`${n.requestId}-${n.ownerId}`} className="border-t border-slate-100">
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDay(n.dueOn)}
                {n.overdue ? (
                  <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900">
                    Overdue
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <Link href={`/staff/requests/${n.requestId}`}>#{n.requestId}</Link>
              </td>
              <td className="px-3 py-2">{n.songTitle}</td>
              <td className="px-3 py-2">{n.ownerName}</td>
              <td className="px-3 py-2">{n.share}%</td>
              <td className="px-3 py-2">{ROUTE[n.route]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
