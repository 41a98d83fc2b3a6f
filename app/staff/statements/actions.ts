"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { markPayoutsPaid } from "@/lib/statements/mark-payouts-paid";
import { pathMonth, runStatementsSchema } from "@/lib/statements/schemas";
import { runStatementsAsStaff } from "@/lib/statements/staff-statements";

const staffOnly = { roles: ["employee"], doing: "run statements of account" } as const;

export async function runStatementsAction(posted: FormData) {
  const data = postedForm(posted);
  const values = { month: data.get("month") ?? undefined };
  return formAction(
    { ...staffOnly, schema: runStatementsSchema, values, revalidate: ["/staff/statements", "/staff/owners"] },
    async ({ db, actor, input }) => {
      const run = await runStatementsAsStaff(db, actor, input.month);
      return { month: run.month, created: run.created };
    },
  );
}

export async function markPayoutsPaidAction(month: string) {
  return formAction(
    { ...staffOnly, revalidate: ["/staff/statements", `/staff/statements/${month}`, "/staff/owners"] },
    async ({ db, actor }) => {
      await markPayoutsPaid(db, actor, pathMonth(month));
      return null;
    },
  );
}
