import { apiRoute } from "@/lib/http/api-route";
import { created, idParam } from "@/lib/http/responses";
import { startCardCheckout } from "@/lib/billing/start-card-checkout";

export const POST = apiRoute(
  async ({ db, actor, params }) => {
    const checkout = await startCardCheckout(db, actor, idParam(params, "id", "Invoice"));
    return created(checkout, checkout.url);
  },
  { roles: ["client"] },
);
