import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { requests } from "@/db/schema";
import { enqueueRequestsFiled } from "./request-events";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { refuseBlanketLicensed } from "@/lib/releases/blanket-licensed-services";
import { insertRelease } from "@/lib/releases/insert-release";
import { newReleaseValues } from "@/lib/releases/new-release-values";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { latestRateYear, type RateTable } from "@/lib/royalties/compute-royalty";
import { findTrack } from "@/lib/tracks/find-track";
import { albumTrackRows } from "@/lib/tracks/track-view";
import { readStoredEligibility } from "./eligibility-answers";
import { insertRequest } from "./insert-request";
import { filedReleaseFacts, newRequestView, type FiledRequest } from "./new-request-view";
import type { RequestView } from "./request-view";
import { requireClient } from "@/lib/auth/require-client";
import type { ReorderInput } from "./schemas";

/**
 * POST /api/tracks/{trackId}/requests: additional units. One new release on the album and one new request per track
 * of the album (any track id of the album gives the same result), in one transaction. A linked track stays linked.
 */
export async function reorderTrack(db: Db, actor: Actor, trackId: number, input: ReorderInput): Promise<RequestView[]> {
  const client = requireClient(actor, "reorder");
  const scope = scopeOf(client);
  const table = await loadRateTable(db);
  const { licenseeId, filed, release } = await db.transaction(async (tx) => {
    const done = await fileReorder(tx, client, trackId, input, table);
    await enqueueRequestsFiled(
      tx,
      client,
      done.filed.map((c) => c.request.id),
    );
    return done;
  });
  // The answer is built from the rows written, as createRequest's is: every track of the album has its new request,
  // so a medley whole's parts are among them.
  // Read again: a provisional filing that found a year added since drops the cached table (confirmRateTable).
  const ratesThrough = latestRateYear(await loadRateTable(db));
  const facts = await filedReleaseFacts(db, release.id);
  return filed.map((f) =>
    newRequestView(
      scope,
      { ...f, licenseeId, parts: filed.filter((p) => p.track.medleyTrackId === f.track.id), release, ratesThrough },
      facts,
    ),
  );
}

/**
 * reorderTrack's filing inside the caller's transaction: the new release and its requests, in the album's track order.
 * A quote's dry run gives `dryRunRequestId`: it uses up none of the requests' numbers.
 */
export async function fileReorder(
  tx: Tx,
  client: Extract<Actor, { kind: "client" }>,
  trackId: number,
  input: ReorderInput,
  table: RateTable,
  dryRunRequestId?: () => number,
) {
  const addressed = await findTrack(tx, scopeOf(client), trackId);
  const album = await lockAlbum(tx, addressed.albumId);
  const values = newReleaseValues(table, input, "");
  await refuseBlanketLicensed(tx, values, "expectedOutletsOfDistribution");
  const release = await insertRelease(tx, { accountId: client.accountId, albumId: addressed.albumId }, values);
  const created: FiledRequest[] = [];
  const tracks = await albumTrackRows(tx, addressed.albumId);
  const answers = await initialAnswers(
    tx,
    tracks.map((t) => t.id),
  );
  for (const track of tracks) {
    created.push({
      track,
      request: await insertRequest(tx, client, {
        accountId: client.accountId,
        kind: "reorder",
        table,
        track,
        release,
        id: dryRunRequestId?.(),
        ...answers.get(track.id),
      }),
    });
  }
  await recordAudit(tx, client, {
    action: "request.reordered",
    entityType: "release",
    entityId: release.id,
    accountId: client.accountId,
    detail: { albumId: addressed.albumId, requestIds: created.map((c) => c.request.id) },
  });
  return { licenseeId: album.licenseeId, filed: created, release };
}

/**
 * Each track's eligibility answers and their override, from its initial request: a reorder makes more copies of the
 * same recording, so what the client answered of it (and what an employee decided of those answers) still holds
 * (docs/decisions/eligibility-answers.md).
 */
async function initialAnswers(tx: Tx, trackIds: number[]) {
  const rows = await tx
    .select({
      trackId: requests.trackId,
      eligibility: requests.eligibility,
      eligibilityOverride: requests.eligibilityOverride,
    })
    .from(requests)
    .where(and(inArray(requests.trackId, trackIds), eq(requests.kind, "initial")));
  return new Map(
    rows.map((r) => [
      r.trackId,
      { eligibility: readStoredEligibility(r.eligibility), eligibilityOverride: r.eligibilityOverride },
    ]),
  );
}
