"use client";

import { useActionState } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { afterAction, mainHeading } from "./ui/after-action";

/**
 * A one-button form running a server action (bound to its arguments); shows the action's error next to it. `done` is
 * announced when the action went through and the focus goes to the page's heading: for a button that leaves the page
 * with the action (it would otherwise drop the focus on the body).
 */
export function ActionButton({
  action,
  label,
  pendingLabel,
  accessibleName,
  done,
  className = "rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60",
}: {
  action: () => Promise<FormResult<unknown>>;
  label: string;
  pendingLabel: string;
  accessibleName?: string;
  done?: string;
  className?: string;
}) {
  const [state, formAction, pending] = useActionState(async () => {
    const result = await action();
    if (result.ok && done) afterAction({ focus: mainHeading, message: done });
    return result;
  }, null);
  return (
    <form action={formAction} className="inline-flex flex-col items-start gap-1">
      <button type="submit" disabled={pending} aria-label={accessibleName} className={className}>
        {pending ? pendingLabel : label}
      </button>
      {state && !state.ok ? (
        <p role="alert" className="text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
