import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { refundBalance } from "@/lib/money/refund-balance";
import { refundSchema } from "@/lib/money/schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const invoiceId = idParam(params, "id", "Invoice");
    return json(await refundBalance(db, actor, invoiceId, parseInput(refundSchema, await body())));
  },
  { roles: ["employee"] },
);
