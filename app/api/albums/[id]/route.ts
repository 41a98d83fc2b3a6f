import { getAlbum } from "@/lib/albums/get-album";
import { parseAlbumPatch, patchAlbum } from "@/lib/albums/patch-album";
import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getAlbum(db, actor, idParam(params, "id", "Album"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const albumId = idParam(params, "id", "Album");
  return json(await patchAlbum(db, actor, albumId, parseAlbumPatch(await body())));
});
