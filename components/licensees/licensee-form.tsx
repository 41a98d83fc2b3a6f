"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { LICENSEE_FIELDS, licenseeChanges, type LicenseeField } from "@/lib/licensees/fields";
import { LICENSEE_LABELS } from "@/lib/forms/field-labels";

type Values = Record<LicenseeField, string>;

// In the order people fill them in; labels shared with the read-only view.
const FIELDS: { name: LicenseeField; type?: string; autoComplete?: string; wide?: boolean }[] = [
  { name: "companyName", autoComplete: "organization" },
  { name: "officers", wide: true },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "firstName", autoComplete: "given-name" },
  { name: "lastName", autoComplete: "family-name" },
  { name: "phone1", type: "tel", autoComplete: "tel" },
  { name: "externalLicenseeId" },
  { name: "address", autoComplete: "street-address", wide: true },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", autoComplete: "address-level1" },
  { name: "zip", autoComplete: "postal-code" },
  { name: "country", autoComplete: "country-name" },
];

/** The licensee's contact details, always editable; only changed fields are sent. */
export function LicenseeForm({
  initial,
  save,
}: {
  initial: Values;
  save: (changes: Partial<Values>) => Promise<FormResult<unknown>>;
}) {
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof licenseeChanges>, unknown, z.output<typeof licenseeChanges>>({
    resolver: zodResolver(licenseeChanges),
    defaultValues: initial,
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    setSaved(false);
    const values = form.getValues() as Values;
    const result = await save(
      Object.fromEntries(LICENSEE_FIELDS.filter((f) => values[f] !== initial[f]).map((f) => [f, values[f]])),
    );
    if (!result.ok) {
      const fields = LICENSEE_FIELDS.filter((f) => result.fieldErrors[f]);
      for (const f of fields) form.setError(f, { message: result.fieldErrors[f] });
      if (fields.length === 0) form.setError("root", { message: result.message });
      return;
    }
    form.reset(values);
    setSaved(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate className={cardClass} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="mb-1 text-lg font-semibold">
        Contact details
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Always editable. A change applies to every request of this licensee. A company name or a last name is required,
        and an email. Before licensing begins the notices need the legal name (a company, or first and last name), the
        street address, city, state or ZIP, country and phone, and a company&apos;s officers or owners.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `licensee-${f.name}`;
          const error = errors[f.name]?.message;
          return (
            <div key={f.name} className={f.wide ? "sm:col-span-2" : undefined}>
              <Field id={id} label={LICENSEE_LABELS[f.name]} error={error}>
                <input
                  {...form.register(f.name)}
                  {...describedBy(id, { error })}
                  type={f.type ?? "text"}
                  autoComplete={f.autoComplete}
                  className={inputClass}
                />
              </Field>
            </div>
          );
        })}
      </div>
      <div className="mt-4">
        <FormAlert message={errors.root?.message} />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving…" : "Save changes"}
        </button>
        <span role="status" className="text-sm text-emerald-800">
          {saved && !isDirty ? "Saved." : ""}
        </span>
      </div>
    </form>
  );
}
