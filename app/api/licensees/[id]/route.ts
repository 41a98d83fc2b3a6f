import { apiRoute } from "@/lib/http/api-route";
import { json, pathUuid } from "@/lib/http/responses";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { patchLicensee } from "@/lib/licensees/patch-licensee";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getLicensee(db, actor, pathUuid(params.id, "Licensee"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) =>
  json(await patchLicensee(db, actor, pathUuid(params.id, "Licensee"), await body())),
);
