import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { assertJoinable } from "@/lib/releases/joinable-releases";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { now } from "@/lib/clock";
import type { CreateAlbumRequestsInput } from "./album-requests-schema";
import { refuseAlreadyReleased, storedEligibility } from "./eligibility-answers";
import { fileTrackRequest } from "./file-track-request";
import { requestViewsByIds, type RequestView } from "./request-view";
import { requireClient } from "@/lib/auth/require-client";
import { resolveAlbum } from "./resolve-album";
import { resolveRelease } from "./resolve-release";
import { enqueueRequestsFiled } from "./request-events";

/**
 * Files one request per track (a medley: the whole, then each part) on one album and one release, in ONE
 * transaction, with the same steps and rules as POST /api/requests: nothing is created unless all are. An existing
 * release is joined only while its licensing has not begun and its month is open. Errors name
 * the fields of this input (`album.title`, `release.releaseMonth`).
 */
export async function createAlbumRequests(
  db: Db,
  actor: Actor,
  input: CreateAlbumRequestsInput,
): Promise<RequestView[]> {
  const client = requireClient(actor, "file license requests");
  const scope = { accountId: client.accountId };
  refuseAlreadyReleased(input.eligibility, "eligibility");
  const eligibility = storedEligibility(input.eligibility, now());
  const table = await loadRateTable(db);
  const ids = await db.transaction(async (tx) => {
    const album = await resolveAlbum(tx, client, input.album, "album");
    const release = await resolveRelease(tx, scope, table, album.id, input.release, "release");
    if ("id" in input.release) await assertJoinable(tx, release, "release.id");
    const filed: number[] = [];
    for (const { parts, ...whole } of input.tracks) {
      const medley = await fileTrackRequest(tx, client, {
        table,
        albumId: album.id,
        release,
        track: whole,
        eligibility,
      });
      filed.push(medley.requestId);
      for (const part of parts) {
        const track = { ...part, medley: false };
        filed.push(
          (
            await fileTrackRequest(tx, client, {
              table,
              albumId: album.id,
              release,
              track,
              medleyTrackId: medley.trackId,
              eligibility,
            })
          ).requestId,
        );
      }
    }
    await enqueueRequestsFiled(tx, client, filed);
    return filed;
  });
  return requestViewsByIds(db, scope, ids);
}
