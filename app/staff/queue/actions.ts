"use server";

import { formAction } from "@/lib/forms/form-action";
import { changeStatuses } from "@/lib/workflow/change-statuses";
import { bulkStatusSchema } from "@/lib/workflow/status-schemas";

/** The queue's bulk bar: the same schema and use case as POST /api/requests/status. */
export async function bulkStatusAction(values: unknown) {
  const options = {
    roles: ["employee"],
    doing: "change requests' statuses",
    revalidate: ["/staff/queue"],
    schema: bulkStatusSchema,
    values,
  } as const;
  return formAction(options, async ({ db, actor, input }) => changeStatuses(db, actor, input));
}
