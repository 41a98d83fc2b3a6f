"use server";

import { formAction } from "@/lib/forms/form-action";
import { postedForm } from "@/lib/forms/posted-form";
import { enterStatutoryRates } from "@/lib/requests/enter-statutory-rates";
import { statutoryRatesSchema } from "@/lib/royalties/rate-schemas";

/** A year's published rates from the form: the year read as the API's JSON would give it, the rates as strings. */
export async function enterStatutoryRatesAction(posted: FormData) {
  const data = postedForm(posted);
  const year = data.get("year");
  const values = {
    year: year === null || String(year).trim() === "" ? undefined : Number(year),
    perCopy: data.get("perCopy") ?? undefined,
    perMinute: data.get("perMinute") ?? undefined,
  };
  const options = {
    roles: ["employee"],
    doing: "enter statutory rates",
    schema: statutoryRatesSchema,
    values,
    revalidate: ["/staff/rates"],
  } as const;
  return formAction(options, async ({ db, actor, input }) => {
    await enterStatutoryRates(db, actor, input);
    return null;
  });
}
