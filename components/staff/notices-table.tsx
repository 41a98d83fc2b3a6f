import { serveNoticeAction } from "@/app/staff/requests/[id]/actions";
import { ActionButton } from "@/components/action-button";
import type { NoticeView } from "@/lib/licensing/list-notices";
import { formatDateTime } from "@/lib/formatting";

/** The notices of intention of a request in licensing: one per owner share, each marked served by hand. */
export function NoticesTable({ requestId, notices }: { requestId: number; notices: NoticeView[] }) {
  if (notices.length === 0) {
    return <p className="text-sm text-slate-700">Notices are created when licensing begins (“Licensing in progress”).</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Notices of intention</caption>
      <thead className="bg-slate-100 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2">Owner</th>
          <th scope="col" className="px-3 py-2">Share</th>
          <th scope="col" className="px-3 py-2">Notice</th>
        </tr>
      </thead>
      <tbody>
        {notices.map((n) => (
          <tr key={n.ownerId} className="border-t border-slate-100">
            <td className="px-3 py-2">{n.ownerName}</td>
            <td className="px-3 py-2">{n.share}%</td>
            <td className="px-3 py-2">
              {n.servedAt ? (
                <span>
                  Served {formatDateTime(n.servedAt)} by{" "}
                  {n.servedBy}
                </span>
              ) : (
                <ActionButton
                  action={serveNoticeAction.bind(null, requestId, n.ownerId)}
                  label="Mark served"
                  pendingLabel="Saving…"
                  accessibleName={`Mark served: ${n.ownerName}`}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
