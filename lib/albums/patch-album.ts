import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { albums } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { parsePatch } from "@/lib/patch/parse-patch";
import { findAlbum, lockAlbum } from "./find-album";
import { getAlbum } from "./get-album";

const name = z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(500);
export const albumPatchFields = { title: name, artist: name };

/** PATCH /api/albums/{id}: title and artist, until licensing has begun on any request of the album. */
export async function patchAlbum(db: Db, actor: Actor, albumId: number, body: unknown) {
  const editor = requireEditor(actor);
  const changes = parsePatch(body, albumPatchFields);
  await db.transaction(async (tx) => {
    const album = await findAlbum(tx, scopeOf(editor), albumId);
    if (changes.size === 0) return;
    await lockAlbum(tx, album.id);
    assertEditable(await albumLockState(tx, album.id), { resource: "album" }, [...changes.keys()]);
    const values = Object.fromEntries(changes) as Partial<Record<keyof typeof albumPatchFields, string>>;
    await tx.update(albums).set({ ...values, dateUpdated: now() }).where(eq(albums.id, album.id));
    await recordAudit(tx, editor, {
      action: "album.patched",
      entityType: "album",
      entityId: album.id,
      accountId: album.accountId,
      detail: values,
    });
  });
  return getAlbum(db, editor, albumId);
}
