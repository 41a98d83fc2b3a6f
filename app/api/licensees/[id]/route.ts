import { apiRoute } from "@/lib/http/api-route";
import { json, pathUuid } from "@/lib/http/responses";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { parseLicenseePatch, patchLicensee } from "@/lib/licensees/patch-licensee";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getLicensee(db, actor, pathUuid(params.id, "Licensee"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const licenseeId = pathUuid(params.id, "Licensee");
  return json(await patchLicensee(db, actor, licenseeId, parseLicenseePatch(await body())));
});
