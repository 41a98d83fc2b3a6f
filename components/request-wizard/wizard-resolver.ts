import { get, set, type FieldErrors, type Resolver } from "react-hook-form";
import { releaseFormatErrors } from "@/lib/releases/fields";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { chosenMonthError, type ServiceDay } from "./release-month-check";
import { toInput, type WizardValues } from "./wizard-values";

/**
 * Validates the wizard with the API's own schema, release-date rule and format rule (outlets where the format asks
 * for them), so each step stops on what Submit would refuse. The inputs are named as the schema's
 * fields, so each error lands where the schema puts it; one about a whole list (`tracks.0.parts`) sits on the list.
 */
export function wizardResolver(today: ServiceDay, rateTable: RateTable): Resolver<WizardValues> {
  return (values) => {
    const errors: FieldErrors<WizardValues> = {};
    const add = (path: string, message: string, type: string) => {
      const existing = get(errors, path) as { message?: string } | undefined;
      if (existing?.message) return;
      if (existing) Object.assign(existing, { type, message });
      else set(errors, path, { type, message });
    };
    const input = toInput(values);
    const result = createAlbumRequestsSchema.safeParse(input);
    if (!result.success) for (const issue of result.error.issues) add(issue.path.join("."), issue.message, issue.code);
    const { formatId, expectedOutletsOfDistribution: outlets } = input.release;
    if (Number.isInteger(formatId)) {
      const release = { formatId, expectedOutletsOfDistribution: outlets?.trim() || null };
      for (const e of releaseFormatErrors(rateTable, release)) add(`release.${e.field}`, e.message, "format");
    }
    const monthError = chosenMonthError(values.release, today);
    if (monthError) add("release.releaseMonth", monthError, "release_date");
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
