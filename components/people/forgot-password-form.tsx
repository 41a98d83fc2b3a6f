"use client";

import { useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { buttonClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { forgotPasswordInput } from "@/lib/people/schemas";
import { TextInput, useServerForm } from "./server-form";

/** "Forgot password?": the answer is the same whether or not the address has a sign-in. */
export function ForgotPasswordForm({ send }: { send: (values: { email: string }) => Promise<FormResult<null>> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, rootError } = useServerForm(forgotPasswordInput, { email: "" }, send, (_d, f) => {
    setSentTo(f.getValues("email"));
  });
  if (sentTo) {
    return (
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
        If {sentTo} has a CoverDesk sign-in, a link to choose a new password is on its way. It works once, for one hour.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextInput form={form} name="email" label="Email" idPrefix="forgot" type="email" autoComplete="username" />
      <FormAlert message={rootError} />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Sending…" : "Send me a link"}
      </button>
    </form>
  );
}
