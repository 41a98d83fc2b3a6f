import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { getFeeSchedule } from "@/lib/money/fee-schedule-view";
import { feeScheduleSchema } from "@/lib/money/schemas";
import { updateFeeSchedule } from "@/lib/money/update-fee-schedule";
import { parseInput } from "@/lib/validation";

export const GET = apiRoute(async ({ db, actor }) => json(await getFeeSchedule(db, actor)), {
  roles: ["client", "employee"],
});

export const PUT = apiRoute(
  async ({ db, actor, body }) => json(await updateFeeSchedule(db, actor, parseInput(feeScheduleSchema, await body()))),
  {
    roles: ["employee"],
  },
);
