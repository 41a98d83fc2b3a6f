import Link from "@/components/ui/link";
import { formatDate, formatUsd } from "@/lib/formatting";
import { StatusBadge } from "@/components/status-badge";
import { tableBoxClass, wideTableClass } from "@/components/ui/styles";
import type { RequestListItem } from "@/lib/requests/search-requests";

/**
 * Requests as a table with its column headers, so a screen reader names each value's column. On a phone the table
 * scrolls in its own box, the song kept in view.
 */
export function RequestList({ items }: { items: RequestListItem[] }) {
  return (
    <div className={tableBoxClass}>
      <table className={wideTableClass}>
        <caption className="sr-only">Requests, newest first</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Song
            </th>
            <th scope="col" className="px-3 py-2">
              Album
            </th>
            <th scope="col" className="px-3 py-2">
              Licensee
            </th>
            <th scope="col" className="px-3 py-2 whitespace-nowrap">
              Filed
            </th>
            <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
              Royalty
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 align-top">
              <td className="max-w-64 px-3 py-2">
                <Link href={`/requests/${r.id}`} className="font-medium break-words">
                  {r.song.title}
                </Link>
                <span className="block text-xs text-slate-600">
                  #{r.id}
                  {r.kind === "reorder" ? " · reorder" : ""}
                  {r.song.medley ? " · medley as a whole" : r.song.medleyPart ? " · medley part" : ""}
                </span>
              </td>
              <td className="max-w-64 px-3 py-2">
                <Link href={`/albums/${r.album.id}`} className="break-words underline">
                  {r.album.title}
                </Link>
              </td>
              <td className="max-w-48 px-3 py-2 break-words">{r.licensee.name}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.dateAdded)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {formatUsd(r.royalty.total)}
                {r.royalty.provisional ? <span className="block text-xs text-slate-600">provisional</span> : null}
              </td>
              <td className="px-3 py-2">
                <StatusBadge code={r.status.code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
