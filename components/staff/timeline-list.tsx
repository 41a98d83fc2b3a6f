import { StatusBadge } from "@/components/status-badge";
import { VisibilityBadge } from "@/components/visibility-badge";
import type { Visibility } from "@/lib/wall/visibilities";
import type { StatusCode } from "@/lib/requests/statuses";
import { formatDateTime } from "@/lib/formatting";

type Step = {
  id: number;
  to: { code: StatusCode; label: string; description: string };
  note: string | null;
  noteVisibility: Visibility | null;
  actor: { kind: string; name: string };
  dateAdded: string;
};

/** A request's status history, oldest first, with who moved it and their note. */
export function TimelineList({ steps }: { steps: Step[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {steps.map((s) => (
        <li key={s.id} className="text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge code={s.to.code} />
            <span className="text-slate-700">
              {formatDateTime(s.dateAdded)} · {s.actor.name} ({s.actor.kind})
            </span>
          </div>
          {s.to.code === "cannot_license" ? <p className="mt-1 text-slate-700">{s.to.description}</p> : null}
          {s.note ? (
            <p className="mt-1">
              {s.noteVisibility && s.noteVisibility !== "public" ? (
                <VisibilityBadge visibility={s.noteVisibility} />
              ) : null}{" "}
              {s.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
