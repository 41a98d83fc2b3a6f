import { voidPayment } from "@/lib/billing/void-payment";
import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { voidPaymentSchema } from "@/lib/money/schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) =>
    json(await voidPayment(db, actor, idParam(params, "id", "Payment"), parseInput(voidPaymentSchema, await body()))),
  { roles: ["employee"] },
);
