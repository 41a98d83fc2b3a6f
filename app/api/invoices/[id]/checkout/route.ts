import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { startCardCheckout } from "@/lib/billing/start-card-checkout";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await startCardCheckout(db, actor, pathId(params.id, "Invoice")), 201),
  { roles: ["client"] },
);
