import { get, set, type FieldErrors, type FieldValues, type Resolver, type ResolverResult } from "react-hook-form";
import type { z } from "zod";
import { releaseFormatErrors } from "@/lib/releases/fields";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { reorderSchema } from "@/lib/requests/schemas";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { chosenMonthError, type ServiceDay } from "./release-month-check";
import { earliestReleaseMonth } from "@/lib/releases/release-date";
import { manufactureDateErrors } from "@/lib/releases/manufacture-date";
import {
  joinsExistingRelease,
  physicalFormats,
  toInput,
  toReleaseInput,
  type ReleaseValues,
  type WizardValues,
} from "./wizard-values";

type Issue = { path: string; message: string; type: string };

/** The issues of a schema's parse, at `prefix` + their path. */
function schemaIssues(schema: z.ZodType, input: unknown, prefix = ""): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join("."),
    message: i.message,
    type: i.code,
  }));
}

/**
 * The rules a new release meets beyond its schema, as the use cases apply them: the format's (outlets where it asks
 * for them), the release date's and the manufacture date's. Paths are `release.<field>`.
 */
function releaseRuleIssues(values: ReleaseValues, today: ServiceDay, rateTable: RateTable): Issue[] {
  const issues: Issue[] = [];
  const input = toReleaseInput(values, physicalFormats(rateTable));
  const { formatId, expectedOutletsOfDistribution: outlets } = input;
  if (Number.isInteger(formatId)) {
    const release = { formatId, expectedOutletsOfDistribution: outlets.trim() || null };
    for (const e of releaseFormatErrors(rateTable, release))
      issues.push({ path: `release.${e.field}`, message: e.message, type: "format" });
  }
  const monthError = chosenMonthError(values, today);
  if (monthError) issues.push({ path: "release.releaseMonth", message: monthError, type: "release_date" });
  const month =
    input.releaseMonth && input.releaseYear
      ? { releaseMonth: input.releaseMonth, releaseYear: input.releaseYear }
      : earliestReleaseMonth(today);
  const manufactureDate = input.manufactureDate.trim();
  if (
    Number.isInteger(formatId) &&
    Number.isInteger(month.releaseMonth) &&
    /^\d{4}-\d{2}-\d{2}$/.test(manufactureDate)
  ) {
    const release = { formatId, ...month, manufactureDate };
    for (const e of manufactureDateErrors(rateTable, release, { checkPast: true, today }))
      issues.push({ path: `release.${e.field}`, message: e.message, type: "manufacture_date" });
  }
  return issues;
}

/** The form's errors, named as the input's fields, the first message of a field winning; one about a list sits on the list. */
function resolved<V extends FieldValues>(values: V, issues: Issue[]): ResolverResult<V> {
  const errors: FieldErrors<V> = {};
  for (const { path, message, type } of issues) {
    const existing = get(errors, path) as { message?: string } | undefined;
    if (existing?.message) continue;
    if (existing) Object.assign(existing, { type, message });
    else set(errors, path, { type, message });
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
}

/**
 * Validates the wizard with the API's own schema, release-date rule and format rule (outlets where the format asks
 * for them), so each step stops on what Submit would refuse. The inputs are named as the schema's fields, so each
 * error lands where the schema puts it.
 */
export function wizardResolver(today: ServiceDay, rateTable: RateTable): Resolver<WizardValues> {
  return (values) => {
    // The chosen existing release is the input's release.id; its radio buttons are the form's releaseId.
    const issues = schemaIssues(createAlbumRequestsSchema, toInput(values, physicalFormats(rateTable))).map((i) =>
      i.path === "release.id" ? { ...i, path: "releaseId" } : i,
    );
    return resolved(
      values,
      joinsExistingRelease(values) ? issues : [...issues, ...releaseRuleIssues(values.release, today, rateTable)],
    );
  };
}

export type ReorderValues = { release: ReleaseValues };

/** "License more units": the reorder API's schema and the same release rules, on the same release fields. */
export function reorderResolver(today: ServiceDay, rateTable: RateTable): Resolver<ReorderValues> {
  return (values) =>
    resolved(values, [
      ...schemaIssues(reorderSchema, toReleaseInput(values.release, physicalFormats(rateTable)), "release"),
      ...releaseRuleIssues(values.release, today, rateTable),
    ]);
}
