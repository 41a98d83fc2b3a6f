"use server";

import { getDb } from "@/db";
import { patchAlbum } from "@/lib/albums/patch-album";
import { requireActor } from "@/lib/auth/session";
import { pathId } from "@/lib/http/responses";
import { runPatch, type PatchOp } from "@/lib/portal/patch-ops";
import { patchRelease } from "@/lib/releases/patch-release";
import { patchTrack } from "@/lib/tracks/patch-track";

// In-place edits go through the very use cases behind PATCH /api/albums, /api/tracks and
// /api/tracks/{id}/releases: same parsing, same locks, same errors.
const id = (value: number, what: string) => pathId(String(value), what);

export async function patchAlbumAction(albumId: number, ops: PatchOp[]) {
  const { actor } = await requireActor();
  const db = await getDb();
  return runPatch(ops, (body) => patchAlbum(db, actor, id(albumId, "Album"), body));
}

export async function patchTrackAction(trackId: number, ops: PatchOp[]) {
  const { actor } = await requireActor();
  const db = await getDb();
  return runPatch(ops, (body) => patchTrack(db, actor, id(trackId, "Track"), body));
}

export async function patchReleaseAction(trackId: number, releaseId: number, ops: PatchOp[]) {
  const { actor } = await requireActor();
  const db = await getDb();
  return runPatch(ops, (body) => patchRelease(db, actor, id(trackId, "Track"), id(releaseId, "Release"), body));
}
