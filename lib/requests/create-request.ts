import type { Conn, Tx } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { scopeOf } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { foundAt, validationFailed } from "@/lib/errors";
import { latestRateYear, type RateTable } from "@/lib/royalties/compute-royalty";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { findTrack } from "@/lib/tracks/find-track";
import { refuseAlreadyReleased, storedEligibility } from "./eligibility-answers";
import { fileTrackRequest } from "./file-track-request";
import { enqueueRequestsFiled } from "./request-events";
import { filedReleaseFacts, newRequestView } from "./new-request-view";
import type { RequestView } from "./request-view";
import { requireClient } from "@/lib/auth/require-client";
import { resolveAlbum } from "./resolve-album";
import { resolveRelease } from "./resolve-release";
import type { CreateRequestInput } from "./schemas";

/**
 * POST /api/requests: an initial request. Creates (or joins) the licensee, album and release, then the
 * track and its request, all in one transaction (a savepoint when `db` is already a transaction).
 */
export async function createRequest(db: Conn, actor: Actor, input: CreateRequestInput): Promise<RequestView> {
  const client = requireClient(actor, "file license requests");
  const table = await loadRateTable(db);
  const filed = await db.transaction((tx) => fileNewRequest(tx, client, input, table));
  // Read again: a provisional filing that found a year added since drops the cached table (confirmRateTable).
  const ratesThrough = latestRateYear(await loadRateTable(db));
  return newRequestView(scopeOf(client), { ...filed, ratesThrough }, await filedReleaseFacts(db, filed.releaseId));
}

/**
 * createRequest's filing inside the caller's transaction, with what it made or joined (the rows written, from which
 * the answer is built). Imports file their rows with it, passing the handle's cached rate table.
 */
export async function fileNewRequest(
  tx: Tx,
  client: Extract<Actor, { kind: "client" }>,
  input: CreateRequestInput,
  rates?: RateTable,
  /** An import's dry run gives the request's number itself (insertRequest), so it uses up none of the sequence's. */
  dryRunRequestId?: number,
  /** When the eligibility answers were given: now, or an import's upload. */
  answeredAt: Date = now(),
) {
  const scope = { accountId: client.accountId };
  const { track } = input;
  refuseAlreadyReleased(input.eligibility, "eligibility");
  const table = rates ?? (await loadRateTable(tx));
  const album = await resolveAlbum(tx, client, track.album, "track.album");
  const release = await resolveRelease(tx, scope, table, album.id, track.releases[0]!, "track.releases.0");
  if (track.medleyTrackId !== undefined) {
    const whole = await foundAt("track.medleyTrackId", findTrack(tx, scope, track.medleyTrackId));
    if (!whole.medley || whole.albumId !== album.id) {
      throw validationFailed([
        { path: "track.medleyTrackId", message: `track ${whole.id} is not a medley on album ${album.id}` },
      ]);
    }
  }
  const filed = await fileTrackRequest(tx, client, {
    table,
    albumId: album.id,
    release,
    track,
    medleyTrackId: track.medleyTrackId,
    requestId: dryRunRequestId,
    eligibility: storedEligibility(input.eligibility, answeredAt),
  });
  // A dry run is rolled back: its events would never be sent.
  if (dryRunRequestId === undefined) await enqueueRequestsFiled(tx, client, [filed.requestId]);
  return {
    ...filed,
    albumId: album.id,
    releaseId: release.id,
    releaseYear: release.releaseYear,
    release,
    licenseeId: album.licenseeId,
  };
}
