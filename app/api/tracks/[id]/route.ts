import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { parseTrackPatch, patchTrack } from "@/lib/requests/patch-track";
import { getTrack } from "@/lib/tracks/track-view";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getTrack(db, actor, pathId(params.id, "Track"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const trackId = pathId(params.id, "Track");
  return json(await patchTrack(db, actor, trackId, parseTrackPatch(await body())));
});
