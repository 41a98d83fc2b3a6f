"use client";

import { useActionState, type ReactNode } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { afterAction } from "@/components/ui/after-action";
import { buttonClass } from "@/components/ui/styles";

/**
 * A form whose values go to a server action as FormData (which parses them with the API's own schema); shows the
 * action's error, each bad field named, or its success message. `focusAfter` names the element that takes the focus
 * once the action went through (the success message is then announced): for a form that leaves the page with it.
 * `idle` hides the button (nothing left to submit) while the last action's message stays: a page that has just been
 * emptied by the action keeps saying that it went through.
 */
export function ActionForm({
  action,
  submitLabel,
  pendingLabel,
  successMessage,
  labelledBy,
  focusAfter,
  children,
  className = "space-y-3",
  variant = "primary",
  idle = false,
}: {
  action: (data: FormData) => Promise<FormResult<unknown>>;
  submitLabel: string;
  pendingLabel: string;
  successMessage?: string;
  labelledBy?: string;
  focusAfter?: string;
  children?: ReactNode;
  className?: string;
  variant?: keyof typeof buttonClass;
  idle?: boolean;
}) {
  const [state, formAction, pending] = useActionState(async (_: FormResult<unknown> | null, data: FormData) => {
    const result = await action(data);
    if (result.ok && focusAfter)
      afterAction({ focus: () => document.getElementById(focusAfter), message: successMessage });
    return result;
  }, null);
  return (
    <form action={formAction} className={className} aria-labelledby={labelledBy}>
      {children}
      {idle ? null : (
        <button type="submit" disabled={pending} className={buttonClass[variant]}>
          {pending ? pendingLabel : submitLabel}
        </button>
      )}
      {state && !state.ok ? (
        <div role="alert" className="text-sm text-red-800">
          <p>{state.message}</p>
          {/* A validation failure's message already names each field and what is wrong with it: said once. */}
          {state.code !== "validation_failed" && Object.keys(state.fieldErrors).length ? (
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
