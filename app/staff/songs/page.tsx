import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Pager } from "@/components/pager";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { searchParamsObject } from "@/lib/forms/search-params";
import { searchSongs } from "@/lib/songs/search-songs";
import { tableBoxClass } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Song catalog" };
const PAGE_SIZE = 25;

export default async function SongsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const params = searchParamsObject(await searchParams);
  const q = params.q?.trim().slice(0, 200) ?? "";
  const page = Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1);
  const { items, total } = await searchSongs(await getDb(), actor, {
    q,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Song catalog</h1>
        <Link
          href="/staff/songs/new"
          className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-medium text-white no-underline hover:bg-indigo-800"
        >
          Add a song
        </Link>
      </div>
      <form method="get" role="search" aria-label="Search the catalog" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:flex-none">
          <label htmlFor="q" className="block text-sm font-medium">
            Title or writer
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm sm:w-72"
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-4 py-1.5 text-sm hover:bg-slate-100"
        >
          Search
        </button>
      </form>
      {items.length === 0 ? (
        <p className="text-slate-600">{q ? `No song matches “${q}”.` : "The catalog is empty."}</p>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Catalog songs</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Title
                </th>
                <th scope="col" className="px-3 py-2">
                  Writers
                </th>
                <th scope="col" className="px-3 py-2">
                  Copyright owners
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((song) => (
                <tr key={song.id} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2">
                    <Link href={`/staff/songs/${song.id}`}>{song.title}</Link>
                  </td>
                  <td className="px-3 py-2">{song.writers.join(", ")}</td>
                  <td className="px-3 py-2">
                    <ul>
                      {song.owners.map((o) => (
                        <li key={o.id}>
                          {o.name} — {o.share}%
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        hrefFor={(p) => `/staff/songs?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) }).toString()}`}
      />
    </div>
  );
}
