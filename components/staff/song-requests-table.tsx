import Link from "@/components/ui/link";
import { StatusBadge } from "@/components/status-badge";
import { tableBoxClass } from "@/components/ui/styles";
import { formatDate } from "@/lib/formatting";
import type { SongRequestRow } from "@/lib/staff/list-song-requests";

/** The requests linked to a catalog song, for its staff page. */
export function SongRequestsTable({ rows, total }: { rows: SongRequestRow[]; total: number }) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">No request is linked to this song yet.</p>;
  return (
    <>
      {total > rows.length ? (
        <p className="mb-2 text-sm text-slate-700">
          The newest {rows.length} of {total}.
        </p>
      ) : null}
      <div className={tableBoxClass}>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Request
              </th>
              <th scope="col" className="px-3 py-2">
                Client account
              </th>
              <th scope="col" className="px-3 py-2">
                Album
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Filed
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  <Link href={`/staff/requests/${r.id}`} className="underline">
                    #{r.id}
                  </Link>
                </td>
                <td className="px-3 py-2">{r.accountName}</td>
                <td className="px-3 py-2">
                  {r.albumTitle} by {r.albumArtist}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge code={r.status} />
                </td>
                <td className="px-3 py-2">{formatDate(r.dateAdded)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
