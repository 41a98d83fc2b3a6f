import { recordAcceptanceAction } from "@/app/staff/requests/[id]/actions";
import { AcceptanceForm } from "@/components/staff/acceptance-form";
import { formatDateTime, formatDay } from "@/lib/formatting";
import type { NoticeView } from "@/lib/licensing/list-notices";
import { NO_NOTICE_FOR_STREAMS } from "@/lib/licensing/stream-license-text";

/**
 * A stream request in licensing: no notice of intention is served (streams are not a § 115 license); each owner's
 * written acceptance of the voluntary license is recorded instead, and the last one licenses the request.
 */
export function AcceptancesTable({
  requestId,
  owners,
  days,
}: {
  requestId: number;
  owners: NoticeView[];
  days: { filedOn: string; today: string };
}) {
  return (
    <div className="space-y-3">
      <p className="max-w-prose text-sm text-slate-700">{NO_NOTICE_FOR_STREAMS}</p>
      {owners.length === 0 ? (
        <p className="text-sm text-slate-700">
          The owners are listed here once licensing begins (“Licensing in progress”).
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Owners&apos; acceptances of the stream license</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Owner
              </th>
              <th scope="col" className="px-3 py-2">
                Share
              </th>
              <th scope="col" className="px-3 py-2">
                Acceptance
              </th>
            </tr>
          </thead>
          <tbody>
            {owners.map((n) => (
              <tr key={n.ownerId} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2">{n.ownerName}</td>
                <td className="px-3 py-2">{n.share}%</td>
                <td className="px-3 py-2">
                  {n.served ? (
                    <div className="space-y-1">
                      <p>
                        Accepted on {formatDay(n.acceptedOn ?? n.servedOn!)}: {n.acceptanceReference}
                        <span className="text-slate-700">
                          {" "}
                          (recorded {formatDateTime(n.servedAt!)} by {n.servedBy})
                        </span>
                      </p>
                      {n.acceptanceTerms ? <p className="text-slate-700">Terms: {n.acceptanceTerms}</p> : null}
                    </div>
                  ) : (
                    <AcceptanceForm
                      ownerName={n.ownerName}
                      days={days}
                      action={recordAcceptanceAction.bind(null, requestId, n.ownerId)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
