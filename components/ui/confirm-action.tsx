"use client";

import { useId, useRef, useState, useTransition } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { afterAction, mainHeading, onEscape } from "./after-action";
import { buttonClass } from "./styles";

/**
 * A button for something that cannot be undone: it asks once more, then runs the action (which revalidates the page),
 * announces `doneMessage` and puts the focus on the page's heading. Keep or Escape closes the question and gives the
 * focus back to the button.
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  pendingLabel,
  keepLabel,
  doneMessage,
  action,
}: {
  label: string;
  accessibleLabel?: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel: string;
  doneMessage: string;
  action: () => Promise<FormResult<unknown>>;
}) {
  const questionId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!confirming) {
    return (
      <button
        ref={opener}
        type="button"
        className={buttonClass.danger}
        onClick={() => setConfirming(true)}
        aria-label={accessibleLabel}
      >
        {label}
      </button>
    );
  }
  const keep = () => {
    if (pending) return;
    setConfirming(false);
    afterAction({ focus: () => opener.current });
  };
  const confirm = () =>
    start(async () => {
      const result = await action();
      if (!result.ok) return setError(result.message);
      setConfirming(false);
      afterAction({ focus: mainHeading, message: doneMessage });
    });
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(e) => onEscape(e, keep)}
      className="rounded-md border border-red-200 bg-red-50 p-3"
    >
      <p id={questionId} className="text-sm text-red-900">
        {question}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus
          disabled={pending}
          onClick={confirm}
          className={`${buttonClass.danger} bg-red-700 text-white hover:bg-red-800`}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={pending} onClick={keep}>
          {keepLabel}
        </button>
      </div>
    </div>
  );
}
