import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { parseReleasePatch, patchRelease } from "@/lib/requests/patch-release";

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const trackId = pathId(params.id, "Track");
  const releaseId = pathId(params.releaseId, "Release");
  return json(await patchRelease(db, actor, trackId, releaseId, parseReleasePatch(await body())));
});
