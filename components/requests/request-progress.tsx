import { cardClass, tableBoxClass } from "@/components/ui/styles";
import { formatDate } from "@/lib/formatting";
import type { CompletionEstimate } from "@/lib/requests/completion-estimate";
import type { OwnerProgress } from "@/lib/requests/get-request-progress";

/** The request page's progress: each owner's notice and the estimated licensing date, while the request is open. */
export function RequestProgress({
  owners,
  estimate,
  open,
  medleyWhole,
}: {
  owners: OwnerProgress[] | null;
  estimate: CompletionEstimate | null;
  open: boolean;
  medleyWhole: boolean;
}) {
  return (
    <section aria-labelledby="progress-heading" className={cardClass}>
      <h2 id="progress-heading" className="mb-3 text-lg font-semibold">
        Progress
      </h2>
      {open ? (
        <p className="mb-3 text-sm">
          {estimate ? (
            <>
              Expected to be licensed between <strong>{formatDate(estimate.earliest)}</strong> and{" "}
              <strong>{formatDate(estimate.latest)}</strong>{" "}
              <span className="text-slate-600">
                (based on {estimate.basedOn === 1 ? "1 request" : `${estimate.basedOn} requests`} of the last 90 days;
                it moves as the request does)
              </span>
            </>
          ) : (
            <span className="text-slate-600">Not enough recent history yet to estimate when it will be licensed.</span>
          )}
        </p>
      ) : null}
      {owners === null ? (
        <p className="text-sm text-slate-600">
          {medleyWhole
            ? "A medley as a whole follows its song parts: each part's page shows its owners."
            : "The copyright owners are listed once our research has found the song."}
        </p>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Copyright owners and their notices of intention</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Copyright owner
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Share
                </th>
                <th scope="col" className="px-3 py-2">
                  Notice of intention
                </th>
              </tr>
            </thead>
            <tbody>
              {owners.map((o, i) => (
                <tr key={`${o.name}-${i}`} className="border-t border-slate-200">
                  <td className="px-3 py-2">{o.name}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{o.share}%</td>
                  <td className="px-3 py-2">{o.servedAt ? `Served on ${formatDate(o.servedAt)}` : "Not served yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
