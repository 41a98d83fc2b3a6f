"use client";

import type { ReactNode } from "react";
import { get, useFormContext, useFormState, type FieldPath } from "react-hook-form";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import type { WizardValues } from "./wizard-values";

export type WizardPath = FieldPath<WizardValues>;

export const fieldId = (name: string) => `wiz-${name.replaceAll(".", "-")}`;

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState<WizardValues>();
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/** A labelled text (or number, email…) input bound to the wizard's form. */
export function TextField({
  name,
  label,
  hint,
  optional,
  type = "text",
  multiline,
  ...rest
}: {
  name: WizardPath;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  type?: "text" | "email" | "tel" | "number" | "date";
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  min?: number;
  placeholder?: string;
}) {
  const { register } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const a11y = describedBy(id, { hint: !!hint, error });
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {multiline ? (
        <textarea {...register(name)} {...a11y} rows={3} className={inputClass} placeholder={rest.placeholder} />
      ) : (
        <input {...register(name)} {...a11y} type={type} className={inputClass} {...rest} />
      )}
    </Field>
  );
}

/** A radio choice of a step (existing or new licensee, automatic or chosen month…). */
export function ChoiceCard({
  name,
  value,
  label,
  description,
  disabled,
}: {
  name: WizardPath;
  value: string;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const { register } = useFormContext<WizardValues>();
  const id = fieldId(`${name}-${value}`);
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
    >
      <input
        id={id}
        type="radio"
        value={value}
        disabled={disabled}
        {...register(name)}
        className="mt-1 accent-indigo-700"
      />
      <span>
        <span className="block font-medium">{label}</span>
        {description ? <span className="mt-0.5 block text-sm text-slate-600">{description}</span> : null}
      </span>
    </label>
  );
}
