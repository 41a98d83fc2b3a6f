import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { DeadlineCounts } from "@/components/staff/deadline-counts";
import { NewestWallPosts } from "@/components/staff/newest-wall-posts";
import { StatusBadge } from "@/components/status-badge";
import { StatusCounts } from "@/components/status-counts";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { tableBoxClass } from "@/components/ui/styles";
import { formatDate } from "@/lib/formatting";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const { user, actor } = await requireActor();
  const data = await getDashboard(await getDb(), actor);
  return (
    <div>
      <h1 className="mb-6 text-2xl font-semibold">Welcome, {user.name}</h1>
      {data.kind === "employee" ? (
        <>
          <DeadlineCounts deadlines={data.deadlines} />
          <StatusCounts
            counts={data.counts}
            heading="Licensing queue"
            hrefFor={(code) => `/staff/queue?status=${code}`}
            linkLabel="show in the queue"
          />
          <NewestWallPosts posts={data.wallPosts} />
        </>
      ) : null}
      {data.kind === "client" ? (
        <>
          <StatusCounts
            counts={data.counts}
            heading="Your requests by status"
            hrefFor={(code) => `/requests?status=${code}`}
            linkLabel="show these requests"
          />
          {data.salesAlerts.length > 0 ? (
            <section aria-labelledby="sales-alerts" className="mb-8">
              <h2 id="sales-alerts" className="mb-3 text-lg font-semibold">
                Sales alerts
              </h2>
              <ul className="space-y-1 text-sm">
                {data.salesAlerts.map((a) => (
                  <li key={a.id}>
                    <Link href={`/albums/${a.albumId}`}>{a.albumTitle}</Link>: “{a.songTitle}” ({a.format}){" "}
                    {a.level === 100 ? "over licensed quantity" : "at 80 % of licensed units"}, {a.sold} of {a.licensed}{" "}
                    sold · {formatDate(a.dateAdded)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="recent">
            <h2 id="recent" className="mb-3 text-lg font-semibold">
              Recent requests
            </h2>
            {data.recent.length === 0 ? (
              <p className="text-slate-600">No requests yet. File one through the API or the new-request wizard.</p>
            ) : (
              <div className={tableBoxClass}>
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-100 text-slate-700">
                    <tr>
                      <th className="px-3 py-2">Request</th>
                      <th className="px-3 py-2">Song</th>
                      <th className="px-3 py-2">Album</th>
                      <th className="px-3 py-2">Licensee</th>
                      <th className="px-3 py-2">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recent.map((r) => (
                      <tr key={r.id} className="border-t border-slate-100">
                        <td className="px-3 py-2">
                          <Link href={`/requests/${r.id}`}>#{r.id}</Link>
                        </td>
                        <td className="px-3 py-2">{r.songTitle}</td>
                        <td className="px-3 py-2">
                          <Link href={`/albums/${r.albumId}`}>{r.albumTitle}</Link>
                        </td>
                        <td className="px-3 py-2">{r.licensee ?? r.licenseeLastName}</td>
                        <td className="px-3 py-2">
                          <StatusBadge code={r.statusCode} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
      {data.kind === "licensee" ? (
        <section aria-labelledby="albums">
          <h2 id="albums" className="mb-3 text-lg font-semibold">
            Your albums
          </h2>
          {data.albums.length === 0 ? (
            <p className="text-slate-600">No albums yet.</p>
          ) : (
            <ul className="space-y-3">
              {data.albums.map((album) => (
                <li key={album.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <p className="font-medium">
                    <Link href={`/albums/${album.id}`}>{album.title}</Link>{" "}
                    <span className="text-slate-600">by {album.artist}</span>
                  </p>
                  <ul className="mt-2 space-y-1 text-sm">
                    {album.requests.map((r) => (
                      <li key={r.id} className="flex items-center gap-2">
                        <Link href={`/requests/${r.id}`}>{r.songTitle}</Link>
                        <StatusBadge code={r.statusCode} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
