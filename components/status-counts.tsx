import Link from "@/components/ui/link";
import { STATUS_CODES, STATUSES, type StatusCode } from "@/lib/requests/statuses";

export function StatusCounts({
  counts,
  heading,
  hrefFor,
  linkLabel,
}: {
  counts: Record<StatusCode, number>;
  heading: string;
  /** When given, each count links to a list of the requests in that status. */
  hrefFor?: (code: StatusCode) => string;
  /** What the link opens, read after the count and status ("show in the queue"). */
  linkLabel?: string;
}) {
  return (
    <section aria-labelledby="status-counts" className="mb-8">
      <h2 id="status-counts" className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {STATUS_CODES.map((code) => (
          <div key={code} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{STATUSES[code].label}</dt>
            <dd className="text-2xl font-semibold" data-status={code}>
              {hrefFor ? (
                <Link
                  href={hrefFor(code)}
                  aria-label={`${counts[code]} ${STATUSES[code].label}: ${linkLabel ?? "show the requests"}`}
                >
                  {counts[code]}
                </Link>
              ) : (
                counts[code]
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
