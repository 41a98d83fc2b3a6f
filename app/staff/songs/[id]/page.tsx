import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { OwnerContactForm } from "@/components/staff/owner-contact-form";
import { SongForm } from "@/components/staff/song-form";
import { SongRequestsTable } from "@/components/staff/song-requests-table";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { findSongForEdit } from "@/lib/songs/find-song";
import { listSongRequests } from "@/lib/staff/list-song-requests";
import { saveSongAction, setOwnerContactAction } from "../actions";

export const metadata: Metadata = { title: "Catalog song" };

const REQUESTS_SHOWN = 100;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ saved?: string }> };

export default async function SongPage({ params, searchParams }: Props) {
  const { actor } = await requireStaffPage();
  const { id } = await params;
  const db = await getDb();
  const [{ song, frozen }, linked] = await orNotFound(() => {
    const songId = pathId(id, "Song");
    return Promise.all([findSongForEdit(db, actor, songId), listSongRequests(db, actor, songId, REQUESTS_SHOWN)]);
  });
  const saved = (await searchParams).saved === "1";
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link href="/staff/songs">← Song catalog</Link>
      </p>
      <h1 className="mb-4 text-2xl font-semibold">{song.title}</h1>
      {saved ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Saved.
        </p>
      ) : null}
      {frozen ? (
        <div className="max-w-3xl space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            Licensing has begun on a request linked to this song, so it can no longer change. If its ownership changed,
            add it again as a new catalog song.
          </p>
          <p>Writers: {song.writers.join(", ")}</p>
          <p>The owners&apos; contact details, where notices are served, can still change.</p>
          <ul className="space-y-3">
            {song.owners.map((o) => (
              <li key={o.id} className="space-y-1">
                <p>
                  {o.name} — {o.share}%
                </p>
                <OwnerContactForm
                  ownerName={o.name}
                  initial={o}
                  action={setOwnerContactAction.bind(null, song.id, o.id)}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <SongForm songId={song.id} initial={song} save={saveSongAction} submitLabel="Save changes" />
      )}
      <section aria-labelledby="linked-requests-heading" className="mt-8 max-w-4xl">
        <h2 id="linked-requests-heading" className="mb-3 text-lg font-semibold">
          Requests linked to this song
        </h2>
        <SongRequestsTable rows={linked.items} total={linked.total} />
      </section>
    </div>
  );
}
