"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/form-alert";
import { NoteVisibilitySelect } from "@/components/staff/note-visibility-select";
import { ReasonOptions } from "@/components/staff/reason-options";
import { afterAction, onEscape } from "@/components/ui/after-action";
import type { FormResult } from "@/lib/forms/form-result";
import { STATUSES, type StatusCode } from "@/lib/requests/statuses";
import type { Visibility } from "@/lib/wall/visibilities";

type StatusChange = {
  code: StatusCode;
  reason: string | null;
  note: string;
  noteVisibility: Visibility;
  override?: { note: string };
};

// Beginning licensing locks the album, track and release for good: the button asks once more, saying so.
const BEGIN_QUESTION =
  "Begin licensing? This locks the album, the track and the release of this request for good: nobody can change them " +
  "or cancel the request afterwards, and a notice of intention is opened for each copyright owner.";

/**
 * One button per allowed next status, sharing a note (public, private or staff only) and, for "Cannot license", a reason.
 * "Need info" needs the note: it is posted publicly on the album's wall to tell the client what is missing.
 * A change replaces the buttons, so the focus goes to the section's heading (`headingId`); the result is announced.
 */
export function StatusForm({
  requestId,
  nextStatuses,
  headingId,
  action,
  needsOverride = false,
}: {
  requestId: number;
  headingId: string;
  nextStatuses: StatusCode[];
  action: (requestId: number, change: StatusChange) => Promise<FormResult<string>>;
  /** The client's eligibility answers rule the license out and no one has overridden them: "Ready" needs a note why. */
  needsOverride?: boolean;
}) {
  // A refused change keeps what the employee typed; the fields are cleared once a change went through.
  const [note, setNote] = useState("");
  const [noteVisibility, setNoteVisibility] = useState<Visibility>("public");
  const [reason, setReason] = useState("");
  const [overrideNote, setOverrideNote] = useState("");
  const [confirmingBegin, setConfirmingBegin] = useState(false);
  const [state, change, pending] = useActionState(async (_prev: FormResult<string> | null, next: StatusChange) => {
    const result = await action(requestId, next);
    setConfirmingBegin(false);
    if (result.ok) {
      setNote("");
      setNoteVisibility("public");
      setReason("");
      setOverrideNote("");
      afterAction({ focus: () => document.getElementById(headingId) });
    }
    return result;
  }, null);
  const fieldErrors = state && !state.ok ? state.fieldErrors : {};
  const notYet = () => {
    setConfirmingBegin(false);
    afterAction({ focus: () => document.querySelector<HTMLElement>('button[value="in_progress"]') });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") as StatusCode;
    if (code === "in_progress" && !confirmingBegin) return setConfirmingBegin(true);
    const override = code === "ready" && needsOverride && overrideNote.trim() ? { note: overrideNote } : undefined;
    startTransition(() =>
      change({
        code,
        reason: code === "cannot_license" ? reason || null : null,
        note,
        noteVisibility,
        ...(override ? { override } : {}),
      }),
    );
  };
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
          aria-invalid={fieldErrors.note ? true : undefined}
          aria-describedby={fieldErrors.note ? "status-note-error" : "status-note-hint"}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {fieldErrors.note ? (
          <p id="status-note-error" className="mt-1 text-sm text-red-800">
            {fieldErrors.note}
          </p>
        ) : null}
        {nextStatuses.includes("need_info") ? (
          <p id="status-note-hint" className="mt-1 text-sm text-slate-600">
            “Need info” posts this note publicly on the album’s wall, so the client sees what is missing.
          </p>
        ) : null}
        <div className="mt-1 text-sm">
          <NoteVisibilitySelect
            id="status-note-visibility"
            value={noteVisibility}
            onChange={setNoteVisibility}
            labelClassName="mr-2 font-medium"
            selectClassName="rounded-md border border-slate-300 bg-white px-2 py-1"
          />
        </div>
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
            <ReasonOptions />
          </select>
          {fieldErrors.reason ? (
            <p id="status-reason-error" className="mt-1 text-sm text-red-800">
              {fieldErrors.reason}
            </p>
          ) : null}
        </div>
      ) : null}
      {needsOverride && nextStatuses.includes("ready") ? (
        <div>
          <label htmlFor="status-override" className="block text-sm font-medium">
            Why the eligibility answers do not rule the license out (needed for “{STATUSES.ready.label}”)
          </label>
          <textarea
            id="status-override"
            name="override"
            rows={2}
            value={overrideNote}
            onChange={(e) => setOverrideNote(e.target.value)}
            aria-invalid={fieldErrors["override.note"] ? true : undefined}
            aria-describedby={fieldErrors["override.note"] ? "status-override-error" : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {fieldErrors["override.note"] ? (
            <p id="status-override-error" className="mt-1 text-sm text-red-800">
              {fieldErrors["override.note"]}
            </p>
          ) : null}
        </div>
      ) : null}
      {confirmingBegin ? (
        <div
          role="group"
          aria-label="Begin licensing?"
          onKeyDown={(e) => onEscape(e, notYet)}
          className="rounded-md border border-amber-300 bg-amber-50 p-3"
        >
          <p className="text-sm text-amber-950">{BEGIN_QUESTION}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              name="code"
              value="in_progress"
              autoFocus
              disabled={pending}
              className="rounded-md bg-amber-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
            >
              {pending ? "Beginning…" : "Yes, begin licensing"}
            </button>
            <button
              type="button"
              disabled={pending}
              onClick={notYet}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium"
            >
              Not yet
            </button>
          </div>
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
            {code === "in_progress" ? "Begin licensing" : `Move to “${STATUSES[code].label}”`}
          </button>
        ))}
      </div>
      <FormAlert message={state && !state.ok ? state.message : undefined} />
      {/* Always there, so that the result put in it is read out. */}
      <p role="status" className="text-sm text-emerald-800">
        {state?.ok && !pending ? state.data : null}
      </p>
    </form>
  );
}
