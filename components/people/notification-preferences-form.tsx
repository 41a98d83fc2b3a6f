"use client";

import { useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import {
  KIND_WORDS,
  MODE_LABELS,
  MODES,
  notificationPreferencesInput,
  type Kind,
  type Mode,
  type NotificationPreferences,
} from "@/lib/notifications/notification-kinds";
import { useServerForm } from "./server-form";

const capitalised = (words: string) => words[0]!.toUpperCase() + words.slice(1);

/** Settings → Profile, "Email notifications": per kind the role hears about, Immediately, Daily digest or Off. */
export function NotificationPreferencesForm({
  preferences,
  save,
}: {
  preferences: { kind: Kind; mode: Mode }[];
  save: (values: NotificationPreferences) => Promise<FormResult<null>>;
}) {
  const [saved, setSaved] = useState(false);
  const defaults = Object.fromEntries(preferences.map((p) => [p.kind, p.mode])) as NotificationPreferences;
  const { form, onSubmit, rootError } = useServerForm(notificationPreferencesInput, defaults, save, (_d, f) => {
    f.reset(f.getValues());
    setSaved(true);
  });
  return (
    <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`} onChange={() => setSaved(false)}>
      {preferences.map(({ kind }) => {
        const id = `notifications-${kind}`;
        return (
          <Field key={kind} id={id} label={capitalised(KIND_WORDS[kind])} error={form.formState.errors[kind]?.message}>
            <select {...form.register(kind)} id={id} className={inputClass}>
              {MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </Field>
        );
      })}
      <FormAlert message={rootError} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save notifications"}
        </button>
        <span role="status" className="text-sm text-emerald-800">
          {saved ? "Saved." : ""}
        </span>
      </div>
    </form>
  );
}
