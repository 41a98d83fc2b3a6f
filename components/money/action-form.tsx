"use client";

import { useActionState, type ReactNode } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { buttonClass } from "@/components/ui/styles";

/**
 * A form whose values go to a server action as FormData (which parses them with the API's own schema); shows the
 * action's error, each bad field named, or its success message.
 */
export function ActionForm({
  action,
  submitLabel,
  pendingLabel,
  successMessage,
  labelledBy,
  children,
  className = "space-y-3",
  variant = "primary",
}: {
  action: (data: FormData) => Promise<FormResult<unknown>>;
  submitLabel: string;
  pendingLabel: string;
  successMessage?: string;
  labelledBy?: string;
  children?: ReactNode;
  className?: string;
  variant?: keyof typeof buttonClass;
}) {
  const [state, formAction, pending] = useActionState((_: FormResult<unknown> | null, data: FormData) => action(data), null);
  return (
    <form action={formAction} className={className} aria-labelledby={labelledBy}>
      {children}
      <button type="submit" disabled={pending} className={buttonClass[variant]}>
        {pending ? pendingLabel : submitLabel}
      </button>
      {state && !state.ok ? (
        <div role="alert" className="text-sm text-red-800">
          <p>{state.message}</p>
          {Object.keys(state.fieldErrors).length ? (
            <ul className="list-disc pl-5">
              {Object.entries(state.fieldErrors).map(([field, message]) => (
                <li key={field}>{`${field || "form"}: ${message}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {state?.ok && successMessage ? (
        <p role="status" className="text-sm text-emerald-800">
          {successMessage}
        </p>
      ) : null}
    </form>
  );
}
