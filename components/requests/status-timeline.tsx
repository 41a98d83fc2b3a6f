import { formatDateTime } from "@/components/format";
import { StatusBadge } from "@/components/status-badge";
import type { StatusCode } from "@/lib/requests/statuses";

type TimelineEvent = {
  id: number;
  to: { code: StatusCode; label: string; description: string };
  note: string | null;
  notePrivate: boolean;
  actor: { kind: string; name: string };
  dateAdded: string;
};

const WHO: Record<string, string> = { employee: "CoverDesk staff", client: "client staff", licensee: "licensee", system: "CoverDesk" };

export function StatusTimeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="relative space-y-5 border-l-2 border-slate-200 pl-5">
      {events.map((e, i) => (
        <li key={e.id} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-indigo-600" />
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge code={e.to.code} />
            <span className="text-sm text-slate-700">
              {i === 0 ? "Filed" : "Changed"} by {e.actor.name} <span className="text-slate-500">({WHO[e.actor.kind] ?? e.actor.kind})</span>
            </span>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            <time dateTime={e.dateAdded}>{formatDateTime(e.dateAdded)}</time>
          </p>
          {e.note ? (
            <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">
              {e.notePrivate ? <span className="mr-1 font-medium text-slate-600">Private note:</span> : null}
              {e.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
