import { get, set, type FieldErrors, type Resolver } from "react-hook-form";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { chosenMonthError, type ServiceDay } from "./release-month-check";
import { toInput, type WizardValues } from "./wizard-values";

/**
 * Validates the wizard with the API's own schema (and release-date rule). The inputs are named as the schema's
 * fields, so each error lands where the schema puts it; one about a whole list (`tracks.0.parts`) sits on the list.
 */
export function wizardResolver(today: ServiceDay): Resolver<WizardValues> {
  return (values) => {
    const errors: FieldErrors<WizardValues> = {};
    const add = (path: string, message: string, type: string) => {
      const existing = get(errors, path) as { message?: string } | undefined;
      if (existing?.message) return;
      if (existing) Object.assign(existing, { type, message });
      else set(errors, path, { type, message });
    };
    const result = createAlbumRequestsSchema.safeParse(toInput(values));
    if (!result.success) for (const issue of result.error.issues) add(issue.path.join("."), issue.message, issue.code);
    const monthError = chosenMonthError(values.release, today);
    if (monthError) add("release.releaseMonth", monthError, "release_date");
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
