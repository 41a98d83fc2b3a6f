"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "@/components/form-alert";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/portal/action-result";
import type { PatchOp } from "@/lib/portal/patch-ops";
import { LICENSEE_LABELS } from "./licensee-labels";
import { LICENSEE_FIELDS, licenseeFieldSchemas, type LicenseeField } from "@/lib/requests/schemas";

type Values = Record<LicenseeField, string>;
const schema = z.object(licenseeFieldSchemas);

// In the order people fill them in; labels shared with the read-only view.
const FIELDS: { name: LicenseeField; type?: string; autoComplete?: string; wide?: boolean }[] = [
  { name: "companyName", autoComplete: "organization" },
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
export function LicenseeForm({ initial, save }: { initial: Values; save: (ops: PatchOp[]) => Promise<ActionResult<unknown>> }) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: initial });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    setSaved(false);
    const values = form.getValues();
    const ops = LICENSEE_FIELDS.filter((f) => values[f] !== initial[f]).map((f) => ({ path: f, value: values[f] || null }));
    const result = await save(ops);
    if (!result.ok) {
      for (const e of result.errors)
        form.setError((LICENSEE_FIELDS as readonly string[]).includes(e.path) ? (e.path as LicenseeField) : "root", { message: e.message });
      if (result.errors.length === 0) form.setError("root", { message: result.message });
      return;
    }
    form.reset(values);
    setSaved(true);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className={cardClass} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="mb-1 text-lg font-semibold">
        Contact details
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Always editable. A change applies to every request of this licensee. A company name or a last name is required, and an email.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `licensee-${f.name}`;
          const error = errors[f.name]?.message;
          return (
            <div key={f.name} className={f.wide ? "sm:col-span-2" : undefined}>
              <Field id={id} label={LICENSEE_LABELS[f.name]} error={error}>
                <input {...form.register(f.name)} {...describedBy(id, { error })} type={f.type ?? "text"} autoComplete={f.autoComplete} className={inputClass} />
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
