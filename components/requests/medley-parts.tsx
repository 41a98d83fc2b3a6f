import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/status-badge";
import { cardClass } from "@/components/ui/styles";
import type { RequestView } from "@/lib/requests/request-view";

type Whole = Extract<NonNullable<RequestView["medley"]>, { kind: "whole" }>;

/** A medley as a whole follows its song parts: they are listed with their statuses, each linking to its request. */
export function MedleyParts({ medley, hrefOf }: { medley: Whole; hrefOf: (requestId: number) => string }) {
  return (
    <section aria-labelledby="medley-parts-heading" className={cardClass}>
      <h2 id="medley-parts-heading" className="mb-1 text-lg font-semibold">
        Song parts of this medley
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        The medley as a whole owes nothing itself and follows its parts: it is ready when every part is, licensing
        begins with its parts, and it is licensed when every part is.
      </p>
      {medley.parts.length === 0 ? (
        <p className="text-sm text-slate-700">No song parts have been filed yet; a medley needs at least two.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {medley.parts.map((part) => (
            <li key={part.requestId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link href={hrefOf(part.requestId)}>
                {part.title} (request #{part.requestId})
              </Link>
              <StatusBadge code={part.status.code} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
