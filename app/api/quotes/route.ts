import { parseQuoteBody } from "@/lib/billing/quote-body";
import { quoteFiling } from "@/lib/billing/quote-filing";
import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";

export const POST = apiRoute(
  async ({ db, actor, body }) => json(await quoteFiling(db, actor, parseQuoteBody(await body()))),
  { roles: ["client", "employee"] },
);
