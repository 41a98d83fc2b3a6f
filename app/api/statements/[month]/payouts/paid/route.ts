import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { markPayoutsPaid } from "@/lib/statements/mark-payouts-paid";
import { monthParam } from "@/lib/statements/schemas";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await markPayoutsPaid(db, actor, monthParam(params.month))),
  { roles: ["employee"] },
);
