"use client";

import { useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { buttonClass, cardClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { profileInput } from "@/lib/people/schemas";
import { TextInput, useServerForm } from "./server-form";

export function ProfileNameForm({
  name,
  save,
}: {
  name: string;
  save: (values: { name: string }) => Promise<FormResult<null>>;
}) {
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, rootError } = useServerForm(profileInput, { name }, save, (_d, f) => {
    f.reset(f.getValues());
    setSaved(true);
  });
  return (
    <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`} onChange={() => setSaved(false)}>
      <TextInput form={form} name="name" label="Your name" idPrefix="profile" autoComplete="name" />
      <FormAlert message={rootError} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save name"}
        </button>
        <span role="status" className="text-sm text-emerald-800">
          {saved ? "Saved." : ""}
        </span>
      </div>
    </form>
  );
}
