"use server";

import { albumChanges } from "@/lib/albums/fields";
import { patchAlbum } from "@/lib/albums/patch-album";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { releaseChanges } from "@/lib/releases/fields";
import { patchRelease } from "@/lib/requests/patch-release";
import { trackChanges } from "@/lib/tracks/fields";
import { patchTrack } from "@/lib/requests/patch-track";

// In-place edits: the form's values are parsed into the same typed changes as PATCH /api/albums, /api/tracks and
// /api/tracks/{id}/releases, and go through the same use cases (same rules, locks and errors).
const editors = { roles: ["employee", "client"], doing: "change albums, tracks and releases" } as const;
const albumPage = (albumId: number) => [`/albums/${albumId}`];

export async function patchAlbumAction(albumId: number, values: unknown) {
  return formAction(
    { ...editors, schema: albumChanges, values, revalidate: albumPage(albumId) },
    async ({ db, actor, input }) => {
      await patchAlbum(db, actor, pathId(String(albumId), "Album"), input);
      return null;
    },
  );
}

export async function patchTrackAction(albumId: number, trackId: number, values: unknown) {
  return formAction(
    { ...editors, schema: trackChanges, values, revalidate: albumPage(albumId) },
    async ({ db, actor, input }) => {
      await patchTrack(db, actor, pathId(String(trackId), "Track"), input);
      return null;
    },
  );
}

export async function patchReleaseAction(albumId: number, trackId: number, releaseId: number, values: unknown) {
  return formAction(
    { ...editors, schema: releaseChanges, values, revalidate: albumPage(albumId) },
    async ({ db, actor, input }) => {
      await patchRelease(db, actor, pathId(String(trackId), "Track"), pathId(String(releaseId), "Release"), input);
      return null;
    },
  );
}
