import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { parseTrackPatch, patchTrack } from "@/lib/requests/patch-track";
import { getTrack } from "@/lib/tracks/track-view";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getTrack(db, actor, idParam(params, "id", "Track"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const trackId = idParam(params, "id", "Track");
  return json(await patchTrack(db, actor, trackId, parseTrackPatch(await body())));
});
