"use client";

import { useActionState } from "react";
import type { RetryState } from "@/app/staff/outbox/actions";

/** Puts one failed message back in the queue. */
export function RetryButton({
  messageId,
  action,
}: {
  messageId: number;
  action: (prev: RetryState, form: FormData) => Promise<RetryState>;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction}>
      <input type="hidden" name="id" value={messageId} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Retry message ${messageId}`}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? "Retrying…" : "Retry"}
      </button>
      {state.error ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
