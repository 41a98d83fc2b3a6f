"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import { ChoiceCard, fieldId, TextField, useFieldError } from "./form-fields";
import type { WizardValues } from "./wizard-values";

export type LicenseeOption = { id: string; name: string; email: string | null };

export function LicenseeStep({ licensees }: { licensees: LicenseeOption[] }) {
  const { register, setValue } = useFormContext<WizardValues>();
  const mode = useWatch<WizardValues, "licenseeMode">({ name: "licenseeMode" });
  const idError = useFieldError("licenseeId");
  const selectId = fieldId("licenseeId");
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Who releases the recording?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceCard
            name="licenseeMode"
            value="existing"
            label="An existing licensee"
            disabled={licensees.length === 0}
            description={licensees.length === 0 ? "You have no licensees yet." : `One of your ${licensees.length} licensees.`}
          />
          <ChoiceCard name="licenseeMode" value="new" label="A new licensee" description="Enter their contact details once." />
        </div>
      </fieldset>

      {mode === "existing" ? (
        <Field id={selectId} label="Licensee" error={idError ? "Choose a licensee." : undefined}>
          <select
            {...register("licenseeId", { onChange: () => setValue("albumId", "") })} {...describedBy(selectId, { error: idError })} className={inputClass}>
            <option value="">Choose a licensee…</option>
            {licensees.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.email ? ` (${l.email})` : ""}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">A company name or a last name is required, and an email address.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="newLicensee.companyName" label="Company name" autoComplete="organization" />
            <TextField name="newLicensee.email" label="Email" type="email" autoComplete="email" />
            <TextField name="newLicensee.firstName" label="First name" optional autoComplete="given-name" />
            <TextField name="newLicensee.lastName" label="Last name" autoComplete="family-name" />
            <TextField name="newLicensee.phone1" label="Phone" type="tel" optional autoComplete="tel" />
            <TextField name="newLicensee.externalLicenseeId" label="Your licensee id" optional hint="Your own reference for them." />
            <TextField name="newLicensee.address" label="Address" optional autoComplete="street-address" />
            <TextField name="newLicensee.city" label="City" optional autoComplete="address-level2" />
            <TextField name="newLicensee.state" label="State" optional autoComplete="address-level1" />
            <TextField name="newLicensee.zip" label="ZIP" optional autoComplete="postal-code" />
            <TextField name="newLicensee.country" label="Country" optional autoComplete="country-name" />
          </div>
        </div>
      )}
    </div>
  );
}
