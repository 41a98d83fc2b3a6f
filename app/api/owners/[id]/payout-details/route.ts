import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { getPayoutDetails } from "@/lib/payouts/get-payout-details";
import { payoutDetailsSchema } from "@/lib/payouts/schemas";
import { setPayoutDetails } from "@/lib/payouts/set-payout-details";
import { parseInput } from "@/lib/validation";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await getPayoutDetails(db, actor, idParam(params, "id", "Owner"))),
  {
    roles: ["employee"],
  },
);

/** Enter or replace an owner's payout details (staff only); the answer shows them masked. */
export const PUT = apiRoute(
  async ({ db, actor, params, body }) => {
    const ownerId = idParam(params, "id", "Owner");
    return json(await setPayoutDetails(db, actor, ownerId, parseInput(payoutDetailsSchema, await body())));
  },
  { roles: ["employee"] },
);
