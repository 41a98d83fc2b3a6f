"use client";

import { useState } from "react";
import Link from "@/components/ui/link";
import { FormAlert } from "@/components/form-alert";
import { buttonClass, cardClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import {
  acceptInvitationInput,
  changePasswordInput,
  MIN_PASSWORD_LENGTH,
  resetPasswordInput,
} from "@/lib/people/schemas";
import { TextInput, useServerForm } from "./server-form";

type Values = { name?: string; currentPassword?: string; password: string; confirm: string };
const SCHEMAS = { accept: acceptInvitationInput, reset: resetPasswordInput, change: changePasswordInput } as const;
const HINT = `At least ${MIN_PASSWORD_LENGTH} characters; a common password is refused. A passphrase of a few words is easy to remember.`;

/**
 * Choosing a password: accepting an invitation (with one's name), a reset link, or a change in Settings → Profile
 * (with the current password). On success the action signs the person in and moves on; if it could not, this asks
 * them to sign in.
 */
export function PasswordForm({
  kind,
  defaultName,
  submitLabel,
  save,
}: {
  kind: keyof typeof SCHEMAS;
  defaultName?: string;
  submitLabel: string;
  save: (values: Values) => Promise<FormResult<{ signedIn: boolean }>>;
}) {
  const [done, setDone] = useState(false);
  const defaults: Values = {
    password: "",
    confirm: "",
    ...(kind === "accept" ? { name: defaultName ?? "" } : {}),
    ...(kind === "change" ? { currentPassword: "" } : {}),
  };
  const { form, onSubmit, rootError } = useServerForm<Values, { signedIn: boolean }>(
    SCHEMAS[kind] as never,
    defaults,
    save,
    (_data, f) => {
      f.reset(defaults);
      setDone(true);
    },
  );
  if (done) {
    return (
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-950">
        Your password is set. <Link href="/login">Sign in</Link> with it.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`}>
      {kind === "accept" ? (
        <TextInput form={form} name="name" label="Your name" idPrefix={kind} autoComplete="name" />
      ) : null}
      {kind === "change" ? (
        <TextInput
          form={form}
          name="currentPassword"
          label="Current password"
          idPrefix={kind}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      <TextInput
        form={form}
        name="password"
        label="New password"
        idPrefix={kind}
        type="password"
        autoComplete="new-password"
        hint={HINT}
      />
      <TextInput
        form={form}
        name="confirm"
        label="New password, again"
        idPrefix={kind}
        type="password"
        autoComplete="new-password"
      />
      <FormAlert message={rootError} />
      <button type="submit" className={buttonClass.primary} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}
