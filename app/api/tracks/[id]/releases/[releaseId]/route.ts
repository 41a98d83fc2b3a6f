import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { patchRelease } from "@/lib/releases/patch-release";

export const PATCH = apiRoute(async ({ db, actor, params, body }) =>
  json(
    await patchRelease(db, actor, pathId(params.id, "Track"), pathId(params.releaseId, "Release"), await body()),
  ),
);
