"use client";

import { useActionState } from "react";
import type { ActionState } from "@/lib/forms/action-state";

/** A one-button form posting to a server action with hidden fields; shows the action's error next to it. */
export function ActionButton({
  action,
  fields,
  label,
  pendingLabel,
  accessibleName,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  fields: Record<string, string | number>;
  label: string;
  pendingLabel: string;
  accessibleName?: string;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="inline-flex flex-col items-start gap-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={pending}
        aria-label={accessibleName}
        className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
      >
        {pending ? pendingLabel : label}
      </button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
