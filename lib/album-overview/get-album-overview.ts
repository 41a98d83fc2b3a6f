import type { Conn } from "@/db/client";
import { getAlbum } from "@/lib/albums/get-album";
import type { Actor } from "@/lib/auth/actor";
import { listOpenLines, listOwing } from "@/lib/billing/requests-owing";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { albumLockState, fieldLocks } from "@/lib/locks/edit-locks";
import { listAlbumRequests } from "@/lib/requests/list-related-requests";
import { listFormats } from "@/lib/royalties/list-formats";
import { albumActions } from "./album-actions";

/**
 * The album page: the album as GET /api/albums/{id} shows it, its requests (and what the client can invoice), and for every editable field the reason
 * it is locked (null: editable), read from the same lock map the PATCH use cases enforce.
 */
export async function getAlbumOverview(db: Conn, actor: Actor, albumId: number) {
  const album = await getAlbum(db, actor, albumId); // scoping: 404 for another account's album
  const client = actor.kind === "client" ? { accountId: actor.accountId } : null;
  const [state, requests, licensee, formats, owing, onOpenInvoices] = await Promise.all([
    albumLockState(db, album.id),
    listAlbumRequests(db, actor, album.id),
    getLicensee(db, actor, album.licenseeId),
    listFormats(db),
    // What client staff can invoice here at once ("Invoice all of this album") and what open invoices ask for;
    // licensees never see money.
    client ? listOwing(db, client, { albumId: album.id }) : Promise.resolve([]),
    client ? listOpenLines(db, client, album.id) : Promise.resolve([]),
  ]);
  // A release is edited through a track it carries (PATCH /api/tracks/{id}/releases/{releaseId}).
  const releaseTrack = new Map<number, number>();
  for (const track of album.tracks)
    for (const r of track.releases) if (!releaseTrack.has(r.id)) releaseTrack.set(r.id, track.id);
  return {
    album,
    licensee: { id: licensee.id, name: licenseeName(licensee) },
    requests,
    owing,
    onOpenInvoices,
    formats,
    actions: albumActions(actor, album),
    locks: {
      album: fieldLocks(state, { resource: "album" }),
      tracks: new Map(
        album.tracks.map((t) => [
          t.id,
          fieldLocks(state, { resource: "track", trackId: t.id, lengthInSeconds: t.lengthInSeconds }),
        ]),
      ),
      releases: new Map(album.releases.map((r) => [r.id, fieldLocks(state, { resource: "release", releaseId: r.id })])),
    },
    releaseTrack,
  };
}
