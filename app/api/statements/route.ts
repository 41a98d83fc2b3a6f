import { apiRoute } from "@/lib/http/api-route";
import { created, json, list } from "@/lib/http/responses";
import { runStatementsSchema } from "@/lib/statements/schemas";
import { readStatementRuns, runStatementsAsStaff } from "@/lib/statements/staff-statements";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const { month } = parseInput(runStatementsSchema, await body());
    const { created: made, ...run } = await runStatementsAsStaff(db, actor, month);
    return made ? created(run, `/api/statements/${month}`) : json(run);
  },
  { roles: ["employee"] },
);

export const GET = apiRoute(
  async ({ db, actor }) => {
    const runs = await readStatementRuns(db, actor);
    return list(runs, runs.length);
  },
  { roles: ["employee"] },
);
