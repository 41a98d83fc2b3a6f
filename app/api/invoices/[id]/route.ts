import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { findInvoice } from "@/lib/money/invoice-view";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await findInvoice(db, actor, idParam(params, "id", "Invoice"))),
  {
    roles: ["client", "employee"],
  },
);
