import { apiRoute } from "@/lib/http/api-route";
import { created, json } from "@/lib/http/responses";
import { enterStatutoryRates } from "@/lib/requests/enter-statutory-rates";
import { statutoryRatesSchema } from "@/lib/royalties/rate-schemas";
import { listStatutoryRates } from "@/lib/royalties/statutory-rates-view";
import { parseInput } from "@/lib/validation";

export const GET = apiRoute(async ({ db, actor }) => json(await listStatutoryRates(db, actor)), {
  roles: ["client", "employee"],
});

export const POST = apiRoute(
  async ({ db, actor, body }) =>
    created(
      await enterStatutoryRates(db, actor, parseInput(statutoryRatesSchema, await body())),
      "/api/statutory-rates",
    ),
  { roles: ["employee"] },
);
