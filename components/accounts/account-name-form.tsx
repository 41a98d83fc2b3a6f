"use client";

import { FormAlert } from "@/components/form-alert";
import { TextInput, useServerForm } from "@/components/people/server-form";
import { buttonClass } from "@/components/ui/styles";
import { accountChanges } from "@/lib/accounts/account-fields";
import type { FormResult } from "@/lib/forms/form-result";

export function AccountNameForm({
  name,
  rename,
}: {
  name: string;
  rename: (values: { name: string }) => Promise<FormResult<null>>;
}) {
  const { form, onSubmit, rootError } = useServerForm<{ name: string }, null>(
    accountChanges as never,
    { name },
    rename,
    (_d, f) => f.reset(f.getValues()),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <TextInput
          form={form}
          name="name"
          label="Account name"
          idPrefix="account-settings"
          autoComplete="organization"
        />
      </div>
      <button
        type="submit"
        className={buttonClass.secondary}
        disabled={form.formState.isSubmitting || !form.formState.isDirty}
      >
        {form.formState.isSubmitting ? "Renaming…" : "Rename"}
      </button>
      <FormAlert message={rootError} />
    </form>
  );
}
