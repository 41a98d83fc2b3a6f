"use client";

import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import {
  licenseeLabel,
  LicenseeSearch,
  type FindLicensees,
  type LicenseeOption,
} from "@/components/licensees/licensee-search";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { ChoiceCard, fieldId, TextField, useFieldError } from "./form-fields";
import type { WizardValues } from "./wizard-values";

/**
 * Who releases the recording: one of the account's `licensees`, or (null: too many to list) one found by name with
 * `findLicensees`, whose matches fill the list; or a new licensee.
 */
export function LicenseeStep({
  licensees,
  findLicensees,
}: {
  licensees: LicenseeOption[] | null;
  findLicensees: FindLicensees;
}) {
  const { register, setValue } = useFormContext<WizardValues>();
  const [mode, chosenId, chosenLabel] = useWatch<WizardValues, ["licenseeMode", "album.licensee.id", "licenseeName"]>({
    name: ["licenseeMode", "album.licensee.id", "licenseeName"],
  });
  const [matches, setMatches] = useState<LicenseeOption[]>([]);
  // The chosen licensee stays in the list, as its option showed it, when a new search (or none, back from a later step
  // or a draft) misses it.
  const kept: LicenseeOption[] =
    chosenId && !matches.some((l) => l.id === chosenId)
      ? [{ id: chosenId, name: chosenLabel || "The chosen licensee" }]
      : [];
  const options = licensees ?? [...kept, ...matches];
  const choose = (id: string) => {
    setValue("album.id", "");
    const chosen = options.find((l) => l.id === id);
    setValue("licenseeName", chosen ? licenseeLabel(chosen) : "");
  };
  const idError = useFieldError("album.licensee.id");
  const selectId = fieldId("album.licensee.id");
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Who releases the recording?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceCard
            name="licenseeMode"
            value="existing"
            label="An existing licensee"
            disabled={licensees?.length === 0}
            description={
              !licensees
                ? "One of your licensees, found by name."
                : licensees.length === 0
                  ? "You have no licensees yet."
                  : `One of your ${licensees.length} licensees.`
            }
          />
          <ChoiceCard
            name="licenseeMode"
            value="new"
            label="A new licensee"
            description="Enter their contact details once."
          />
        </div>
      </fieldset>

      {mode === "existing" && !licensees ? (
        <LicenseeSearch id="wiz-licensee-search" find={findLicensees} onMatches={setMatches} />
      ) : null}
      {mode === "existing" ? (
        <Field id={selectId} label="Licensee" error={idError ? "Choose a licensee." : undefined}>
          <select
            {...register("album.licensee.id", {
              onChange: (e: { target: { value: string } }) => choose(e.target.value),
            })}
            {...describedBy(selectId, { error: idError })}
            className={inputClass}
          >
            <option value="">{options.length > 0 ? "Choose a licensee…" : "Find the licensee above first…"}</option>
            {options.map((l) => (
              <option key={l.id} value={l.id}>
                {licenseeLabel(l)}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            A company name or a last name is required, and an email address. Licensing begins only once the notices can
            state the licensee&apos;s legal name (a company, or first and last name), street address, city, state or
            ZIP, country and phone, and a company&apos;s officers or owners. Filing this request authorizes CoverDesk to
            serve those notices as the licensee&apos;s agent.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="album.licensee.companyName" label="Company name" autoComplete="organization" />
            <TextField name="album.licensee.email" label="Email" type="email" autoComplete="email" />
            <TextField
              name="album.licensee.officers"
              label="Officers or owners"
              optional
              hint="For a company: its principal officers or owners, as the notices name them."
            />
            <TextField name="album.licensee.firstName" label="First name" optional autoComplete="given-name" />
            <TextField name="album.licensee.lastName" label="Last name" autoComplete="family-name" />
            <TextField name="album.licensee.phone1" label="Phone" type="tel" optional autoComplete="tel" />
            <TextField
              name="album.licensee.externalLicenseeId"
              label="Your licensee id"
              optional
              hint="Your own reference for them."
            />
            <TextField name="album.licensee.address" label="Address" optional autoComplete="street-address" />
            <TextField name="album.licensee.city" label="City" optional autoComplete="address-level2" />
            <TextField name="album.licensee.state" label="State" optional autoComplete="address-level1" />
            <TextField name="album.licensee.zip" label="ZIP" optional autoComplete="postal-code" />
            <TextField name="album.licensee.country" label="Country" optional autoComplete="country-name" />
          </div>
        </div>
      )}
    </div>
  );
}
