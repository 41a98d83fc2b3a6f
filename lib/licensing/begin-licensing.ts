import type { Tx } from "@/db/client";
import { ownerNotices } from "@/db/schema";
import type { LockedRequest } from "@/lib/requests/lock-request";
import { lockSong } from "@/lib/songs/update-song";
import { requireLicensableSong } from "./licensable-song";

/**
 * Entering `in_progress`: one notice of intention per owner share of the linked song, with the owner's
 * name and share as they are now (the license shows this snapshot even if the catalog changes later).
 */
export async function createOwnerNotices(tx: Tx, request: LockedRequest): Promise<void> {
  if (request.catalogSongId !== null) await lockSong(tx, request.catalogSongId);
  const { owners } = await requireLicensableSong(tx, request.catalogSongId);
  await tx.insert(ownerNotices).values(
    owners.map((o) => ({
      requestId: request.id,
      ownerId: o.id,
      ownerName: o.name,
      shareBasisPoints: o.shareBasisPoints,
    })),
  );
}
