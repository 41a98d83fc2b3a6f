import Link from "@/components/ui/link";
import { linkSongAction } from "@/app/staff/requests/[id]/actions";
import { ActionButton } from "@/components/action-button";
import type { SongView } from "@/lib/songs/song-view";
import { SongSuggestions } from "./song-suggestions";

function Owners({ song }: { song: SongView }) {
  return <span>{song.owners.map((o) => `${o.name} ${o.share}%`).join(" · ")}</span>;
}

/**
 * Research: the linked catalog song, the catalog's suggestions for the song as filed, and a catalog search; any of
 * them is linked to the request's track in one click.
 */
export function CatalogLinkPanel({
  requestId,
  linkedSong,
  linkLocked,
  suggestions,
  query,
  results,
}: {
  requestId: number;
  linkedSong: SongView | null;
  /** Why the song can no longer be linked or changed, or null while it can. */
  linkLocked: string | null;
  suggestions: (SongView & { score: number })[];
  query: string;
  results: SongView[] | null;
}) {
  const newSongHref = `/staff/songs/new?request=${requestId}`;
  return (
    <section aria-labelledby="catalog-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="catalog-heading" className="mb-3 text-lg font-semibold">
        Catalog song
      </h2>
      {linkedSong ? (
        <div className="mb-4 text-sm">
          <p>
            Linked to{" "}
            <Link href={`/staff/songs/${linkedSong.id}`} className="underline">
              {linkedSong.title}
            </Link>{" "}
            by {linkedSong.writers.join(", ")}
          </p>
          <p className="text-slate-700">
            Owners: <Owners song={linkedSong} />
          </p>
        </div>
      ) : (
        <p className="mb-4 text-sm text-slate-700">Not linked yet: find the song in the catalog and link it.</p>
      )}
      {linkLocked === null ? (
        <>
          <SongSuggestions
            requestId={requestId}
            suggestions={suggestions}
            linkedSongId={linkedSong?.id ?? null}
            newSongHref={newSongHref}
          />
          <form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Search the catalog">
            <div className="min-w-0 flex-1 sm:flex-none">
              <label htmlFor="catalog-q" className="block text-sm font-medium">
                Search the catalog by title or writer
              </label>
              <input
                id="catalog-q"
                name="q"
                type="search"
                defaultValue={query}
                className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm sm:w-72"
              />
            </div>
            <button
              type="submit"
              className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-800"
            >
              Search
            </button>
            <Link href={newSongHref} className="text-sm">
              New catalog song
            </Link>
          </form>
          {results === null ? null : results.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No catalog song matches “{query}”.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" aria-label="Catalog results">
              {results.map((song) => (
                <li key={song.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div>
                    <p className="font-medium">{song.title}</p>
                    <p className="text-slate-700">
                      {song.writers.join(", ")} — <Owners song={song} />
                    </p>
                  </div>
                  {song.id === linkedSong?.id ? (
                    <span className="text-emerald-800">Linked</span>
                  ) : (
                    <ActionButton
                      action={linkSongAction.bind(null, requestId, { songId: song.id })}
                      label="Link"
                      pendingLabel="Linking…"
                      accessibleName={`Link ${song.title}`}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">{linkLocked}</p>
      )}
    </section>
  );
}
