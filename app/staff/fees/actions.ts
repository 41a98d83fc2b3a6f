"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { feeScheduleSchema } from "@/lib/money/schemas";
import { updateFeeSchedule } from "@/lib/money/update-fee-schedule";

/** A new fee schedule from the form: blank tier rows are left out; numbers are read as the API's JSON would give them. */
export async function updateFeeScheduleAction(posted: FormData) {
  const data = postedForm(posted);
  const number = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? undefined : Number(v));
  const tiers = [0, 1, 2, 3]
    .map((i) => ({
      fromSong: number(data.get(`tier${i}.fromSong`)),
      discountPercent: number(data.get(`tier${i}.discountPercent`)),
    }))
    .filter((t) => t.fromSong !== undefined || t.discountPercent !== undefined);
  const values = {
    songFee: data.get("songFee") ?? undefined,
    reorderPercent: number(data.get("reorderPercent")),
    tiers,
  };
  const options = {
    roles: ["employee"],
    doing: "change the fee schedule",
    schema: feeScheduleSchema,
    values,
    revalidate: ["/staff/fees"],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    await updateFeeSchedule(db, actor, input);
    return null;
  });
}
