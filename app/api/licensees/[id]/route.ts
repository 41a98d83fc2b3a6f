import { apiRoute } from "@/lib/http/api-route";
import { json, uuidParam } from "@/lib/http/responses";
import { getLicensee } from "@/lib/licensees/get-licensee";
import { parseLicenseePatch, patchLicensee } from "@/lib/licensees/patch-licensee";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await getLicensee(db, actor, uuidParam(params, "id", "Licensee"))),
);

export const PATCH = apiRoute(async ({ db, actor, params, body }) => {
  const licenseeId = uuidParam(params, "id", "Licensee");
  return json(await patchLicensee(db, actor, licenseeId, parseLicenseePatch(await body())));
});
