import type { Db } from "@/db/client";
import * as wallPostsRoute from "@/app/api/tracks/[id]/wallposts/route";
import { actorFromSessionUser, upsertUser } from "@/lib/auth/users";
import { call, clientKey } from "./api";
import { fileRequest, requestBody } from "./fixtures";

/** A client account with one album of two tracks (two requests), its key and the licensee. */
export async function albumWithTwoTracks(db: Db, accountName: string) {
  const { key, accountId } = await clientKey(db, accountName);
  const first = await fileRequest(key, requestBody());
  const second = await fileRequest(
    key,
    requestBody({
      track: {
        album: { id: first.albumId, licensee: { id: first.licenseeId } },
        releases: [{ id: first.releaseId }],
        song: { title: "Let It Be", originalRecordingArtist: "The Beatles" },
      },
    }),
  );
  return {
    key,
    accountId,
    albumId: first.albumId,
    licenseeId: first.licenseeId,
    trackIds: [first.trackId, second.trackId] as const,
  };
}

/** A signed-in licensee user of that licensee, as the portal would see it. */
export async function licenseeActor(db: Db, album: { accountId: number; licenseeId: string }, email: string) {
  const user = await upsertUser(db, {
    email,
    name: "Lena Licensee",
    password: "licensee-password",
    role: "licensee",
    accountId: album.accountId,
    licenseeId: album.licenseeId,
  });
  return actorFromSessionUser(user);
}

/** POST /api/tracks/{trackId}/wallposts through the real route handler. */
export function postToWall(key: string, trackId: number, body: unknown) {
  return call(wallPostsRoute.POST, "POST", `/api/tracks/${trackId}/wallposts`, {
    key,
    body,
    params: { id: String(trackId) },
  });
}

/** GET /api/tracks/{trackId}/wallposts with an optional query string. */
export function readWall(key: string, trackId: number, query?: string) {
  return call(wallPostsRoute.GET, "GET", `/api/tracks/${trackId}/wallposts`, {
    key,
    query,
    params: { id: String(trackId) },
  });
}
