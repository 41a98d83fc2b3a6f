import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { albums } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { changedFields, parseChanges } from "@/lib/patch/parse-patch";
import { albumFields, type AlbumChanges } from "./fields";
import { findAlbum, lockAlbum } from "./find-album";
import { getAlbum } from "./get-album";

/** The JSON Patch paths of an album: its field names. */
export const albumPatchFields = albumFields;
export const parseAlbumPatch = (body: unknown): AlbumChanges => parseChanges(body, albumPatchFields);

/** PATCH /api/albums/{id}: title and artist, until licensing has begun on any request of the album. */
export async function patchAlbum(db: Db, actor: Actor, albumId: number, changes: AlbumChanges) {
  const editor = requireEditor(actor);
  const fields = changedFields(changes);
  await db.transaction(async (tx) => {
    const album = await findAlbum(tx, scopeOf(editor), albumId);
    if (fields.length === 0) return;
    await lockAlbum(tx, album.id);
    assertEditable(await albumLockState(tx, album.id), { resource: "album" }, fields);
    await tx
      .update(albums)
      .set({ ...changes, dateUpdated: now() })
      .where(eq(albums.id, album.id));
    await recordAudit(tx, editor, {
      action: "album.patched",
      entityType: "album",
      entityId: album.id,
      accountId: album.accountId,
      detail: changes,
    });
  });
  return getAlbum(db, editor, albumId);
}
