"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { HTMLInputTypeAttribute } from "react";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";

type Form<V extends FieldValues> = UseFormReturn<V, unknown, V>;

/**
 * A small form checked in the browser with the action's own schema, whose server answer (a domain error) lands on
 * the same field names, or as the form's message when it names no field.
 */
export function useServerForm<V extends FieldValues, R>(
  schema: z.ZodType<unknown, V>,
  defaultValues: DefaultValues<V>,
  submit: (values: V) => Promise<FormResult<R>>,
  onDone: (data: R, form: Form<V>) => void,
) {
  const form: Form<V> = useForm<V, unknown, V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, V>,
    defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submit(values);
    if (result.ok) return onDone(result.data, form);
    const fields = Object.keys(result.fieldErrors).filter(
      (f) => f in (defaultValues as object) || get(defaultValues, f) !== undefined,
    );
    for (const f of fields) form.setError(f as Path<V>, { message: result.fieldErrors[f] });
    if (fields.length === 0) form.setError("root", { message: result.message });
  });
  return { form, onSubmit, rootError: form.formState.errors.root?.message };
}

/** A labelled input registered on the form, with its error. */
export function TextInput<V extends FieldValues>({
  form,
  name,
  label,
  idPrefix,
  type = "text",
  autoComplete,
  hint,
}: {
  form: Form<V>;
  name: Path<V>;
  label: string;
  idPrefix: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  hint?: string;
}) {
  const id = `${idPrefix}-${name.replaceAll(".", "-")}`;
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        {...form.register(name)}
        {...describedBy(id, { hint: !!hint, error })}
        type={type}
        autoComplete={autoComplete}
        className={inputClass}
      />
    </Field>
  );
}
