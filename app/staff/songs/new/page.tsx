import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { SongForm } from "@/components/staff/song-form";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { songDraftForRequest } from "@/lib/staff/song-draft";
import { addSongForRequestAction, saveSongAction } from "../actions";

export const metadata: Metadata = { title: "Add a song" };

type Props = { searchParams: Promise<{ request?: string | string[] }> };

/** A new catalog song; from a request's page (?request=ID) prefilled from the song as filed, and back there once saved. */
export default async function NewSongPage({ searchParams }: Props) {
  const { actor } = await requireStaffPage();
  const raw = (await searchParams).request;
  const requestParam = Array.isArray(raw) ? raw[0] : raw;
  const requestId = requestParam === undefined ? null : await orNotFound(() => pathId(requestParam, "Request"));
  const draft =
    requestId === null ? null : await orNotFound(async () => songDraftForRequest(await getDb(), actor, requestId));
  return (
    <div>
      <p className="mb-2 text-sm">
        {requestId === null ? (
          <Link href="/staff/songs">← Song catalog</Link>
        ) : (
          <Link href={`/staff/requests/${requestId}`}>← Request #{requestId}</Link>
        )}
      </p>
      <h1 className="mb-4 text-2xl font-semibold">Add a song to the catalog</h1>
      {draft ? (
        <p className="mb-4 text-sm text-slate-700">
          Prefilled from request #{requestId}&apos;s song as filed: check the title and writers, and add the copyright
          owners.
        </p>
      ) : null}
      <SongForm
        songId={null}
        initial={{ title: draft?.title ?? "", writers: draft?.writers ?? [], owners: [] }}
        save={requestId === null ? saveSongAction : addSongForRequestAction.bind(null, requestId)}
        submitLabel="Add the song"
      />
    </div>
  );
}
