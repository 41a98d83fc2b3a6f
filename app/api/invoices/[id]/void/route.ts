import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { voidInvoice } from "@/lib/money/void-invoice";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await voidInvoice(db, actor, idParam(params, "id", "Invoice"))),
  {
    roles: ["employee"],
  },
);
