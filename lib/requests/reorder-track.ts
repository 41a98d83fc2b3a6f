import type { Db } from "@/db/client";
import { releases, releaseTracks, requests } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { newReleaseValues } from "@/lib/releases/new-release-values";
import { computeRoyalty } from "@/lib/royalties/compute-royalty";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { findTrack } from "@/lib/tracks/find-track";
import { albumTrackRows } from "@/lib/tracks/track-view";
import { recordStatusEvent } from "./record-status-event";
import { requestViewsByIds, type RequestView } from "./request-view";
import { requireClient } from "./require-client";
import type { ReorderInput } from "./schemas";

/**
 * POST /api/tracks/{trackId}/requests: additional units. One new release on the album and one new request per track
 * of the album (any track id of the album gives the same result), in one transaction. A linked track stays linked.
 */
export async function reorderTrack(db: Db, actor: Actor, trackId: number, input: ReorderInput): Promise<RequestView[]> {
  const client = requireClient(actor, "reorder");
  const scope = scopeOf(client);
  const ids = await db.transaction(async (tx) => {
    const addressed = await findTrack(tx, scope, trackId);
    await lockAlbum(tx, addressed.albumId);
    const table = await loadRateTable(tx);
    const values = newReleaseValues(table, input, "");
    const [release] = await tx
      .insert(releases)
      .values({ ...values, accountId: client.accountId, albumId: addressed.albumId })
      .returning();
    if (!release) throw new Error("release insert returned nothing");
    const created: number[] = [];
    for (const track of await albumTrackRows(tx, addressed.albumId)) {
      await tx.insert(releaseTracks).values({ releaseId: release.id, trackId: track.id });
      const royalty = computeRoyalty(table, {
        formatId: release.formatId,
        releaseYear: release.releaseYear,
        lengthInSeconds: track.lengthInSeconds,
        quantity: release.releaseQuantity,
        medleyWhole: track.medley,
      });
      const [request] = await tx
        .insert(requests)
        .values({
          accountId: client.accountId,
          trackId: track.id,
          releaseId: release.id,
          kind: "reorder",
          royaltyPerUnit: royalty.perUnit,
          royaltyQuantity: royalty.quantity,
          royaltyTotal: royalty.total,
        })
        .returning({ id: requests.id });
      await recordStatusEvent(tx, client, { requestId: request!.id, fromCode: null, toCode: "new" });
      created.push(request!.id);
    }
    await recordAudit(tx, client, {
      action: "request.reordered",
      entityType: "release",
      entityId: release.id,
      accountId: client.accountId,
      detail: { albumId: addressed.albumId, requestIds: created },
    });
    return created;
  });
  return requestViewsByIds(db, scope, ids);
}
