import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { monthParam } from "@/lib/statements/schemas";
import { readStatementRun } from "@/lib/statements/staff-statements";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await readStatementRun(db, actor, monthParam(params.month))),
  { roles: ["employee"] },
);
