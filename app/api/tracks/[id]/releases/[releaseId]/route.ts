import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { parseReleasePatch, patchRelease } from "@/lib/requests/patch-release";

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const trackId = idParam(params, "id", "Track");
  const releaseId = idParam(params, "releaseId", "Release");
  return json(await patchRelease(db, actor, trackId, releaseId, parseReleasePatch(await body())));
});
