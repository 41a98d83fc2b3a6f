import Link from "@/components/ui/link";
import { linkSongAction } from "@/app/staff/requests/[id]/actions";
import { ActionButton } from "@/components/action-button";
import type { SongView } from "@/lib/songs/song-view";

type Suggestion = SongView & { score: number };

/**
 * The catalog songs most like the song as filed (GET /api/requests/{id}/song-matches), each with its writers and
 * owner shares, linked in one click; when none fits, a new catalog song prefilled from the request.
 */
export function SongSuggestions({
  requestId,
  suggestions,
  linkedSongId,
  newSongHref,
}: {
  requestId: number;
  suggestions: Suggestion[];
  linkedSongId: number | null;
  newSongHref: string;
}) {
  return (
    <div className="mb-4">
      <h3 className="mb-2 font-medium">Suggested catalog songs</h3>
      {suggestions.length === 0 ? (
        <p className="text-sm text-slate-700">
          No catalog song fits this request.{" "}
          <Link href={newSongHref} className="underline">
            New catalog song
          </Link>
          , prefilled from the request.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Suggested catalog songs">
          {suggestions.map((song) => (
            <li key={song.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div>
                <p>
                  <Link href={`/staff/songs/${song.id}`} className="font-medium">
                    {song.title}
                  </Link>{" "}
                  <span className="text-slate-600">({Math.round(song.score * 100)}% match)</span>
                </p>
                <p className="text-slate-700">Writers: {song.writers.join(", ")}</p>
                <p className="text-slate-700">Owners: {song.owners.map((o) => `${o.name} ${o.share}%`).join(" · ")}</p>
              </div>
              {song.id === linkedSongId ? (
                <span className="text-emerald-800">Linked</span>
              ) : (
                <ActionButton
                  action={linkSongAction.bind(null, requestId, { songId: song.id })}
                  label="Link"
                  pendingLabel="Linking…"
                  accessibleName={`Link suggested song ${song.title}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
