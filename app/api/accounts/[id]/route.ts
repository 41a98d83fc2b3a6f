import { getAccount } from "@/lib/accounts/get-account";
import { parseAccountPatch, patchAccount } from "@/lib/accounts/patch-account";
import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await getAccount(db, actor, idParam(params, "id", "Account"))),
  {
    roles: ["employee"],
  },
);

/** Rename (`name`), suspend or reactivate (`suspended`): JSON Patch, staff only. */
export const PATCH = apiRoute(
  async ({ db, actor, params, body }) => {
    const accountId = idParam(params, "id", "Account");
    return json(await patchAccount(db, actor, accountId, parseAccountPatch(await body())));
  },
  { roles: ["employee"] },
);
