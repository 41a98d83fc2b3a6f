import type { Conn, Tx } from "@/db/client";
import { albums, licensees, releases, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { scopeOf } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { findAlbum } from "@/lib/albums/find-album";
import { validationFailed } from "@/lib/errors";
import { findLicensee } from "@/lib/licensees/find-licensee";
import { findRelease } from "@/lib/releases/find-release";
import { newReleaseValues } from "@/lib/releases/new-release-values";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { findTrack } from "@/lib/tracks/find-track";
import { insertRequest } from "./insert-request";
import { findRequestView, type RequestView } from "./request-view";
import { requireClient } from "./require-client";
import type { CreateRequestInput } from "./schemas";

/**
 * POST /api/requests: an initial request. Creates (or joins) the licensee, album and release, then the
 * track and its request, all in one transaction (a savepoint when `db` is already a transaction).
 */
export async function createRequest(db: Conn, actor: Actor, input: CreateRequestInput): Promise<RequestView> {
  const client = requireClient(actor, "file license requests");
  const scope = scopeOf(client);
  const { track } = input;
  const requestId = await db.transaction(async (tx) => {
    const table = await loadRateTable(tx);
    const album = await resolveAlbum(tx, client.accountId, input);
    const releaseInput = track.releases[0]!;
    let release;
    if ("id" in releaseInput) {
      release = await findRelease(tx, scope, releaseInput.id);
      if (release.albumId !== album.id) {
        throw validationFailed([
          { path: "track.releases.0.id", message: `release ${release.id} is not a release of album ${album.id}` },
        ]);
      }
    } else {
      const values = newReleaseValues(table, releaseInput, "track.releases.0.");
      [release] = await tx
        .insert(releases)
        .values({ ...values, accountId: client.accountId, albumId: album.id })
        .returning();
    }
    if (!release) throw new Error("release insert returned nothing");

    if (track.medleyTrackId !== undefined) {
      const whole = await findTrack(tx, scope, track.medleyTrackId);
      if (!whole.medley || whole.albumId !== album.id) {
        throw validationFailed([
          { path: "track.medleyTrackId", message: `track ${whole.id} is not a medley on album ${album.id}` },
        ]);
      }
    }

    const [created] = await tx
      .insert(tracks)
      .values({
        accountId: client.accountId,
        albumId: album.id,
        externalTrackId: track.externalTrackId,
        lengthInSeconds: track.lengthInSeconds,
        medley: track.medley,
        medleyTrackId: track.medleyTrackId ?? null,
        songTitle: track.song.title,
        songOriginalRecordingArtist: track.song.originalRecordingArtist,
        songNotes: track.song.notes,
        songArtist: track.song.artist,
        songComposer: track.song.composer,
        songArranger: track.song.arranger,
      })
      .returning();
    if (!created) throw new Error("track insert returned nothing");
    const requestId = await insertRequest(tx, client, {
      accountId: client.accountId,
      kind: "initial",
      table,
      track: created,
      release,
    });
    await recordAudit(tx, client, {
      action: "request.created",
      entityType: "request",
      entityId: requestId,
      accountId: client.accountId,
      detail: { albumId: album.id, trackId: created.id, releaseId: release.id },
    });
    return requestId;
  });
  return findRequestView(db, scope, requestId);
}

async function resolveAlbum(tx: Tx, accountId: number, input: CreateRequestInput) {
  const { album } = input.track;
  const scope = { accountId };
  if (album.id !== undefined) {
    const existing = await findAlbum(tx, scope, album.id);
    if (album.licensee) {
      if (!("id" in album.licensee)) {
        throw validationFailed([
          { path: "track.album.licensee", message: "with an existing album send only the licensee's id" },
        ]);
      }
      if (album.licensee.id !== existing.licenseeId) {
        throw validationFailed([
          { path: "track.album.licensee.id", message: `album ${existing.id} belongs to another licensee` },
        ]);
      }
    }
    return existing;
  }
  const licenseeRef = album.licensee!;
  let licenseeId: string;
  if ("id" in licenseeRef) {
    licenseeId = (await findLicensee(tx, scope, licenseeRef.id)).id;
  } else {
    // Full info always makes a new licensee (service-interface Licensee rule 3).
    const [created] = await tx
      .insert(licensees)
      .values({ ...licenseeRef, accountId })
      .returning({ id: licensees.id });
    if (!created) throw new Error("licensee insert returned nothing");
    licenseeId = created.id;
  }
  const [created] = await tx
    .insert(albums)
    .values({ accountId, licenseeId, title: album.title!, artist: album.artist! })
    .returning();
  if (!created) throw new Error("album insert returned nothing");
  return created;
}
