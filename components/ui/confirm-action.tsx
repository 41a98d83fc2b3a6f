"use client";

import { useState, useTransition } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { buttonClass } from "./styles";

/** A button for something that cannot be undone: it asks once more, then runs the action (which revalidates the page). */
export function ConfirmAction({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  pendingLabel,
  keepLabel,
  action,
}: {
  label: string;
  accessibleLabel?: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel: string;
  action: () => Promise<FormResult<unknown>>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!confirming) {
    return (
      <button type="button" className={buttonClass.danger} onClick={() => setConfirming(true)} aria-label={accessibleLabel}>
        {label}
      </button>
    );
  }
  const confirm = () =>
    start(async () => {
      const result = await action();
      if (!result.ok) return setError(result.message);
      setConfirming(false);
    });
  return (
    <div role="group" aria-label={question} className="rounded-md border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-900">{question}</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" autoFocus disabled={pending} onClick={confirm} className={`${buttonClass.danger} bg-red-700 text-white hover:bg-red-800`}>
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={pending} onClick={() => setConfirming(false)}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
