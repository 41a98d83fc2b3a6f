import type { Db, Tx } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { assertJoinable } from "@/lib/releases/joinable-releases";
import type { RateTable } from "@/lib/royalties/compute-royalty";
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
  const table = await loadRateTable(db);
  const ids = await db.transaction(async (tx) => {
    const filed = (await fileAlbumRequests(tx, client, input, table)).map((f) => f.requestId);
    await enqueueRequestsFiled(tx, client, filed);
    return filed;
  });
  return requestViewsByIds(db, { accountId: client.accountId }, ids);
}

/**
 * createAlbumRequests' filing inside the caller's transaction, in filing order (a medley's whole before its parts),
 * with the rows written. A quote's dry run gives `dryRunRequestId`: it uses up none of the requests' numbers.
 */
export async function fileAlbumRequests(
  tx: Tx,
  client: Extract<Actor, { kind: "client" }>,
  input: CreateAlbumRequestsInput,
  table: RateTable,
  dryRunRequestId?: () => number,
) {
  const scope = { accountId: client.accountId };
  refuseAlreadyReleased(input.eligibility, "eligibility");
  const eligibility = storedEligibility(input.eligibility, now());
  const album = await resolveAlbum(tx, client, input.album, "album");
  const release = await resolveRelease(tx, scope, table, album.id, input.release, "release");
  if ("id" in input.release) await assertJoinable(tx, release, "release.id");
  const filed: Awaited<ReturnType<typeof fileTrackRequest>>[] = [];
  for (const { parts, ...whole } of input.tracks) {
    const medley = await fileTrackRequest(tx, client, {
      table,
      albumId: album.id,
      release,
      track: whole,
      requestId: dryRunRequestId?.(),
      eligibility,
    });
    filed.push(medley);
    for (const part of parts) {
      filed.push(
        await fileTrackRequest(tx, client, {
          table,
          albumId: album.id,
          release,
          track: { ...part, medley: false },
          medleyTrackId: medley.trackId,
          requestId: dryRunRequestId?.(),
          eligibility,
        }),
      );
    }
  }
  return filed.map((f) => ({ ...f, release, licenseeId: album.licenseeId }));
}
