import { get, set, type FieldErrors, type Resolver } from "react-hook-form";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { chosenMonthError, type ServiceDay } from "./release-month-check";
import { formPath, toInput, type WizardValues } from "./wizard-values";

/** Validates the wizard with the API's own schema (and release-date rule), each error on the input that shows it. */
export function wizardResolver(today: ServiceDay): Resolver<WizardValues> {
  return (values) => {
    const errors: FieldErrors<WizardValues> = {};
    const add = (path: string, message: string, type: string) => {
      if (!get(errors, path)) set(errors, path, { type, message });
    };
    const result = createAlbumRequestsSchema.safeParse(toInput(values));
    if (!result.success) for (const issue of result.error.issues) add(formPath(issue.path.join("."), values), issue.message, issue.code);
    const monthError = chosenMonthError(values.release, today);
    if (monthError) add("release.releaseMonth", monthError, "release_date");
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
