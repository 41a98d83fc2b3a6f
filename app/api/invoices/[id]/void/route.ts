import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { voidInvoice } from "@/lib/money/void-invoice";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await voidInvoice(db, actor, pathId(params.id, "Invoice"))),
  {
    roles: ["employee"],
  },
);
