"use client";

import { useRouter } from "next/navigation";
import { FormAlert } from "@/components/form-alert";
import { TextInput, useServerForm } from "@/components/people/server-form";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { newAccountInput } from "@/lib/accounts/account-fields";
import type { FormResult } from "@/lib/forms/form-result";

type Values = { name: string; admin: { email: string; name: string } };

/** Opens a client account and invites its first admin; then shows the new account's page. */
export function NewAccountForm({ create }: { create: (values: Values) => Promise<FormResult<{ id: number }>> }) {
  const router = useRouter();
  const { form, onSubmit, rootError } = useServerForm<Values, { id: number }>(
    newAccountInput,
    { name: "", admin: { email: "", name: "" } },
    create,
    (account) => router.push(`/staff/accounts/${account.id}`),
  );
  return (
    <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`} aria-labelledby="new-account-heading">
      <h2 id="new-account-heading" className="text-lg font-semibold">
        Open a client account
      </h2>
      <TextInput form={form} name="name" label="Account name" idPrefix="account" autoComplete="organization" />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm text-slate-700">Its first admin, who gets an invitation by email</legend>
        <TextInput
          form={form}
          name="admin.email"
          label="Admin's email"
          idPrefix="account"
          type="email"
          autoComplete="off"
        />
        <TextInput form={form} name="admin.name" label="Admin's name" idPrefix="account" autoComplete="off" />
      </fieldset>
      <FormAlert message={rootError} />
      <button type="submit" className={buttonClass.primary} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Opening…" : "Open account and invite"}
      </button>
    </form>
  );
}
