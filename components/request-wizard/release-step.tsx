"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { monthName } from "@/lib/formatting";
import { DAYS_AFTER_MAKING } from "@/lib/releases/manufacture-date";
import { CLOSING_DAY, earliestReleaseMonth } from "@/lib/releases/release-date";
import { isStreamFormat, VOLUNTARY_STREAM_LICENSE } from "@/lib/releases/stream-outlets";
import { ChoiceCard, fieldId, TextField, useFieldError } from "./form-fields";
import { chosenMonthError, type ServiceDay } from "./release-month-check";
import type { WizardValues } from "./wizard-values";

export type FormatOption = { id: number; title: string; requiresOutlets: boolean; physical: boolean };

export function ReleaseStep({
  formats,
  today,
  timeZone,
}: {
  formats: FormatOption[];
  today: ServiceDay;
  timeZone: string;
}) {
  const { register } = useFormContext<WizardValues>();
  const release = useWatch<WizardValues, "release">({ name: "release" });
  const formatError = useFieldError("release.formatId");
  const monthError = useFieldError("release.releaseMonth");
  const yearError = useFieldError("release.releaseYear");
  const earliest = earliestReleaseMonth(today);
  const earliestLabel = `${monthName(earliest.releaseMonth)} ${earliest.releaseYear}`;
  const format = formats.find((f) => String(f.id) === release.formatId);
  const liveMonthError = chosenMonthError(release, today);
  const formatId = fieldId("release.formatId");
  const monthId = fieldId("release.releaseMonth");
  const yearId = fieldId("release.releaseYear");
  const years = [earliest.releaseYear, earliest.releaseYear + 1, earliest.releaseYear + 2];

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={formatId} label="Format" error={formatError ? "Choose a format." : undefined}>
          <select
            {...register("release.formatId")}
            {...describedBy(formatId, { error: formatError })}
            className={inputClass}
          >
            <option value="">Choose a format…</option>
            {formats.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.title}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          name="release.releaseQuantity"
          label="Quantity (units)"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Every unit counts, free and promotional copies included."
        />
      </div>
      {format?.requiresOutlets ? (
        <TextField
          name="release.expectedOutletsOfDistribution"
          label="Expected outlets of distribution"
          multiline
          hint={`${format.title} need a short summary of the outlets, or the name of a distribution package.`}
        />
      ) : null}
      {format && isStreamFormat(format.id) ? <StreamLicenseNote /> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="release.label" label="Label" optional hint="The label the copies are sold under." />
        <TextField name="release.catalogNumber" label="Catalog number" optional hint="The label's number for it." />
      </div>
      {format?.physical ? (
        <TextField
          name="release.manufactureDate"
          label="Manufacture date"
          type="date"
          optional
          hint={
            <>
              The day the {format.title.toLowerCase()} are made (or will be), if you know it. The notices must reach the
              copyright owners within {DAYS_AFTER_MAKING} days after the copies are made and before any is distributed,
              so an early pressing moves their due date earlier.
            </>
          }
        />
      ) : null}

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Release month</legend>
        <p className="mb-3 text-sm text-slate-600">
          Only future releases can be licensed. Until the {CLOSING_DAY}th the current month is still open; from the{" "}
          {CLOSING_DAY}th the earliest month is the next one. Today is {monthName(today.month)} {today.day},{" "}
          {today.year} ({timeZone} time), so the earliest allowed month is <strong>{earliestLabel}</strong>.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceCard
            name="release.dateMode"
            value="auto"
            label={`Automatic: ${earliestLabel}`}
            description="We set the earliest allowed month for you."
          />
          <ChoiceCard
            name="release.dateMode"
            value="chosen"
            label="Choose a month"
            description="A later month, if the release is planned."
          />
        </div>
      </fieldset>

      {release.dateMode === "chosen" ? (
        <div className="space-y-2">
          <div className="grid grid-cols-2 gap-4 sm:max-w-md">
            <Field id={monthId} label="Month">
              <select
                {...register("release.releaseMonth")}
                aria-invalid={monthError || liveMonthError ? true : undefined}
                aria-describedby="release-month-status"
                id={monthId}
                className={inputClass}
              >
                <option value="">Month…</option>
                {Array.from({ length: 12 }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {monthName(i + 1)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={yearId} label="Year">
              <select
                {...register("release.releaseYear")}
                aria-invalid={yearError ? true : undefined}
                aria-describedby="release-month-status"
                id={yearId}
                className={inputClass}
              >
                <option value="">Year…</option>
                {years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <p
            id="release-month-status"
            role="status"
            className={liveMonthError || monthError || yearError ? "text-sm text-red-700" : "text-sm text-emerald-800"}
          >
            {liveMonthError ??
              monthError ??
              yearError ??
              (release.releaseMonth && release.releaseYear ? "This month is allowed." : "")}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** Before a stream release is filed: its license is the owners' to give, and blanket-licensed services need none. */
export function StreamLicenseNote() {
  return (
    <p className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="stream-note">
      {VOLUNTARY_STREAM_LICENSE}
    </p>
  );
}
