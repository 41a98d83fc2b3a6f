"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/form-alert";
import type { FormResult } from "@/lib/forms/form-result";
import { CANNOT_LICENSE_REASONS, REASON_LABELS, STATUSES, type StatusCode } from "@/lib/requests/statuses";

type StatusChange = { code: StatusCode; reason: string | null; note: string; notePrivate: boolean };

/** One button per allowed next status, sharing a note (public or private) and, for "Cannot license", a reason. */
export function StatusForm({
  requestId,
  nextStatuses,
  action,
}: {
  requestId: number;
  nextStatuses: StatusCode[];
  action: (requestId: number, change: StatusChange) => Promise<FormResult<string>>;
}) {
  // A refused change keeps what the employee typed; the fields are cleared once a change went through.
  const [note, setNote] = useState("");
  const [notePrivate, setNotePrivate] = useState(false);
  const [reason, setReason] = useState("");
  const [state, change, pending] = useActionState(async (_prev: FormResult<string> | null, next: StatusChange) => {
    const result = await action(requestId, next);
    if (result.ok) {
      setNote("");
      setNotePrivate(false);
      setReason("");
    }
    return result;
  }, null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") as StatusCode;
    startTransition(() => change({ code, reason: code === "cannot_license" ? reason || null : null, note, notePrivate }));
  };
  const fieldErrors = state && !state.ok ? state.fieldErrors : {};
  return (
    <form onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor="status-note" className="block text-sm font-medium">
          Note for the timeline (optional)
        </label>
        <textarea
          id="status-note"
          name="note"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        <label className="mt-1 inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="notePrivate"
            checked={notePrivate}
            onChange={(e) => setNotePrivate(e.target.checked)}
          />{" "}
          Private note (hidden from the licensee)
        </label>
      </div>
      {nextStatuses.includes("cannot_license") ? (
        <div>
          <label htmlFor="status-reason" className="block text-sm font-medium">
            Reason, if it cannot be licensed
          </label>
          <select
            id="status-reason"
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={fieldErrors.reason ? true : undefined}
            aria-describedby={fieldErrors.reason ? "status-reason-error" : undefined}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="">Choose a reason…</option>
            {CANNOT_LICENSE_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </select>
          {fieldErrors.reason ? (
            <p id="status-reason-error" className="mt-1 text-sm text-red-800">
              {fieldErrors.reason}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {nextStatuses.map((code) => (
          <button
            key={code}
            type="submit"
            name="code"
            value={code}
            disabled={pending}
            className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            Move to “{STATUSES[code].label}”
          </button>
        ))}
      </div>
      <FormAlert message={state && !state.ok ? state.message : undefined} />
      {state?.ok && !pending ? (
        <p role="status" className="text-sm text-emerald-800">
          {state.data}
        </p>
      ) : null}
    </form>
  );
}
