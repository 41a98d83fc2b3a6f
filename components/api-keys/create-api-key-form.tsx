"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { afterAction } from "@/components/ui/after-action";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import type { z } from "zod";
import { apiKeyInput } from "@/lib/auth/api-key-input";
import type { FormResult } from "@/lib/forms/form-result";
import { CopyButton } from "./copy-button";

type Created = { key: string; name: string; prefix: string };
type Values = z.input<typeof apiKeyInput>;

export function CreateApiKeyForm({ create }: { create: (values: Values) => Promise<FormResult<Created>> }) {
  const [created, setCreated] = useState<Created | null>(null);
  const form = useForm<Values, unknown, z.output<typeof apiKeyInput>>({
    resolver: zodResolver(apiKeyInput),
    defaultValues: { name: "", role: "member" },
  });
  const error = form.formState.errors.name?.message ?? form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await create(values);
    if (!result.ok) {
      form.setError("name", { message: result.fieldErrors.name ?? result.message });
      return;
    }
    setCreated(result.data);
    form.reset();
  });

  // The key goes for good: the focus moves on to the list of keys, where the new one is listed.
  const hide = (name: string) => {
    setCreated(null);
    afterAction({
      focus: () => document.getElementById("keys-heading"),
      message: `The key “${name}” is hidden; it is listed under Your keys.`,
    });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className={`${cardClass} flex flex-wrap items-end gap-3`}>
        <div className="min-w-56 flex-1">
          <Field
            id="key-name"
            label="Name of the new key"
            error={error}
            hint="Say where it will be used, e.g. “Distribution system”."
          >
            <input
              {...form.register("name")}
              {...describedBy("key-name", { hint: true, error })}
              className={inputClass}
              autoComplete="off"
            />
          </Field>
        </div>
        <div>
          <label htmlFor="key-role" className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select id="key-role" {...form.register("role")} className={`${inputClass} mb-5`}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <button type="submit" className={`${buttonClass.primary} mb-5`} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Creating…" : "Create key"}
        </button>
      </form>

      {created ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p className="font-medium text-emerald-950">
            Key “{created.name}” created. Copy it now: it will not be shown again.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <label htmlFor="new-key" className="sr-only">
              New API key
            </label>
            <input
              id="new-key"
              readOnly
              value={created.key}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
            />
            <CopyButton text={created.key} />
          </div>
          <p className="mt-2 text-sm text-emerald-950">
            Send it as <code className="font-mono">Authorization: Bearer {created.prefix}…</code> on every API call.
          </p>
          <button type="button" className={`${buttonClass.link} mt-2`} onClick={() => hide(created.name)}>
            I have stored it, hide it
          </button>
        </div>
      ) : null}
    </div>
  );
}
