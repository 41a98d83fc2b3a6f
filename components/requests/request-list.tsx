import Link from "@/components/ui/link";
import { formatDate, formatUsd } from "@/lib/formatting";
import { StatusBadge } from "@/components/status-badge";
import type { RequestListItem } from "@/lib/requests/search-requests";

/** Requests as rows on a desktop and as cards on a phone. */
export function RequestList({ items }: { items: RequestListItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
      {items.map((r) => (
        <li
          key={r.id}
          className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center"
        >
          <div className="min-w-0">
            <Link href={`/requests/${r.id}`} className="font-medium break-words">
              {r.song.title}
            </Link>
            <p className="text-xs text-slate-600">
              #{r.id}
              {r.kind === "reorder" ? " · reorder" : ""}
              {r.song.medley ? " · medley as a whole" : r.song.medleyPart ? " · medley part" : ""} ·{" "}
              {formatDate(r.dateAdded)}
            </p>
          </div>
          <div className="min-w-0 text-sm">
            <Link href={`/albums/${r.album.id}`} className="break-words underline">
              {r.album.title}
            </Link>
            <span className="text-slate-600"> · {r.licensee.name}</span>
          </div>
          <div className="flex items-center gap-3 sm:justify-end">
            <span className="text-sm tabular-nums text-slate-700">{formatUsd(r.royalty.total)}</span>
            <StatusBadge code={r.status.code} />
          </div>
        </li>
      ))}
    </ul>
  );
}
