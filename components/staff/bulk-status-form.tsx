"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/form-alert";
import { NoteVisibilitySelect } from "@/components/staff/note-visibility-select";
import { ReasonOptions } from "@/components/staff/reason-options";
import { buttonClass, inputClass } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FormResult } from "@/lib/forms/form-result";
import { NOTICE_METHOD_LABELS, NOTICE_METHODS, type NoticeMethod } from "@/lib/licensing/notice-methods";
import type { BulkResult } from "@/lib/workflow/change-statuses";
import type { Visibility } from "@/lib/wall/visibilities";

const MOVES = [
  { code: "ready", label: "Move to “Ready to license”" },
  { code: "need_info", label: "Ask for info (one message, posted on each album’s wall)" },
  { code: "in_progress", label: "Begin licensing" },
  { code: "serve_notices", label: "Mark every open notice served" },
  { code: "cannot_license", label: "Cannot license" },
] as const;
type Move = (typeof MOVES)[number]["code"];
type BulkValues = {
  requestIds: number[];
  code: Move;
  note: string;
  noteVisibility: Visibility;
  reason: string | null;
  servedOn?: string;
  method?: NoticeMethod;
  carrier?: string;
  trackingNumber?: string;
  filingReference?: string;
  lateAttestation?: { noCopiesDistributed: boolean; madeWithin30Days: boolean; note: string };
};

/** The values of a move from the bar's fields: a reason only to refuse, a day and a way only to serve notices. */
function bulkValues(code: Move, data: FormData): BulkValues {
  const text = (name: string) => String(data.get(name) ?? "");
  const values: BulkValues = {
    requestIds: data.getAll("requestIds").map(Number),
    code,
    note: text("note"),
    // Need info's message is the wall post the client reads, so it is public.
    noteVisibility: code === "need_info" ? "public" : ((text("noteVisibility") || "public") as Visibility),
    reason: code === "cannot_license" ? text("reason") || null : null,
  };
  if (code !== "serve_notices") return values;
  const method = (text("method") || undefined) as NoticeMethod | undefined;
  const attested = {
    noCopiesDistributed: data.get("noCopiesDistributed") === "on",
    madeWithin30Days: data.get("madeWithin30Days") === "on",
    note: text("attestationNote"),
  };
  return {
    ...values,
    servedOn: text("servedOn") || undefined,
    method,
    ...(method === "mail" ? { carrier: text("carrier"), trackingNumber: text("trackingNumber") } : {}),
    ...(method === "copyright_office" ? { filingReference: text("filingReference") } : {}),
    ...(attested.noCopiesDistributed || attested.madeWithin30Days || attested.note.trim()
      ? { lateAttestation: attested }
      : {}),
  };
}

/**
 * The queue's bulk bar: one move for the requests ticked in the table (their checkboxes belong to this form), each
 * moved on its own; the answer lists every request with what happened to it. `today` is the service's date: notices
 * are served on a day up to it.
 */
export function BulkStatusForm({
  id,
  today,
  action,
}: {
  id: string;
  today: string;
  action: (values: BulkValues) => Promise<FormResult<BulkResult[]>>;
}) {
  const hydrated = useHydrated();
  const [code, setCode] = useState<Move>("ready");
  const [noteVisibility, setNoteVisibility] = useState<Visibility>("public");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [state, run, pending] = useActionState(async (_prev: FormResult<BulkResult[]> | null, values: BulkValues) => {
    setConfirming(null);
    return action(values);
  }, null);
  const fieldErrors = state && !state.ok ? state.fieldErrors : {};
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = bulkValues(code, new FormData(e.currentTarget));
    // Beginning licensing locks each album, track and release for good: ask once more, saying for how many.
    if (code === "in_progress" && confirming === null && values.requestIds.length > 0)
      return setConfirming(values.requestIds.length);
    startTransition(() => run(values));
  };
  return (
    <form
      id={id}
      onSubmit={submit}
      aria-labelledby="bulk-heading"
      className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <h2 id="bulk-heading" className="text-base font-semibold">
        Move the selected requests
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        Tick requests in the table, choose a move, and apply it: each request is moved on its own, with the same rules
        as one at a time.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="bulk-code" className="block text-sm font-medium">
            Move
          </label>
          <select id="bulk-code" value={code} onChange={(e) => setCode(e.target.value as Move)} className={inputClass}>
            {MOVES.map((m) => (
              <option key={m.code} value={m.code}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        {code === "cannot_license" ? (
          <div>
            <label htmlFor="bulk-reason" className="block text-sm font-medium">
              Reason
            </label>
            <select
              id="bulk-reason"
              name="reason"
              defaultValue=""
              className={inputClass}
              aria-invalid={fieldErrors.reason ? true : undefined}
              aria-describedby={fieldErrors.reason ? "bulk-reason-error" : undefined}
            >
              <ReasonOptions />
            </select>
            {fieldErrors.reason ? (
              <p id="bulk-reason-error" className="mt-1 text-sm text-red-800">
                {fieldErrors.reason}
              </p>
            ) : null}
          </div>
        ) : null}
        {code === "serve_notices" ? <ServingFields today={today} errors={fieldErrors} /> : null}
        <div className="min-w-64 flex-1">
          <label htmlFor="bulk-note" className="block text-sm font-medium">
            {NOTE_LABELS[code]}
          </label>
          <input
            id="bulk-note"
            name="note"
            className={inputClass}
            aria-invalid={fieldErrors.note ? true : undefined}
            aria-describedby={fieldErrors.note ? "bulk-note-error" : undefined}
          />
          {fieldErrors.note ? (
            <p id="bulk-note-error" className="mt-1 text-sm text-red-800">
              {fieldErrors.note}
            </p>
          ) : null}
        </div>
        {code === "need_info" || code === "serve_notices" ? null : (
          <div>
            <NoteVisibilitySelect
              id="bulk-note-visibility"
              value={noteVisibility}
              onChange={setNoteVisibility}
              labelClassName="block text-sm font-medium"
              selectClassName={inputClass}
            />
          </div>
        )}
        <button type="submit" disabled={pending || !hydrated} className={buttonClass.primary}>
          {pending ? "Applying…" : "Apply to the selected requests"}
        </button>
      </div>
      {confirming !== null ? (
        <div
          role="group"
          aria-label="Begin licensing?"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3"
        >
          <p className="text-sm text-amber-950">
            Begin licensing on {confirming === 1 ? "1 request" : `${confirming} requests`}? This locks each one’s album,
            track and release for good, and opens a notice of intention for each copyright owner.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" autoFocus disabled={pending} className={buttonClass.primary}>
              Yes, begin licensing
            </button>
            <button type="button" onClick={() => setConfirming(null)} className={buttonClass.secondary}>
              Not yet
            </button>
          </div>
        </div>
      ) : null}
      <FormAlert message={state && !state.ok ? state.message : undefined} />
      <div role="status" className="mt-2 text-sm">
        {state?.ok && !pending ? <BulkResults results={state.data} /> : null}
      </div>
    </form>
  );
}

const NOTE_LABELS: Record<Move, string> = {
  ready: "Note for each timeline (optional)",
  need_info: "Message to the client (posted publicly on each album’s wall)",
  in_progress: "Note for each timeline (optional)",
  serve_notices: "Note on each notice, for staff (optional)",
  cannot_license: "Note for each timeline (optional)",
};

/**
 * The day every selected notice was served (from its request's filing day to today, checked per request), how (chosen,
 * never assumed) with the way's own details, and the attestation that a request served after its due date needs.
 */
function ServingFields({ today, errors }: { today: string; errors: Record<string, string> }) {
  const [method, setMethod] = useState<NoticeMethod | "">("");
  const fieldError = (key: string, id: string) =>
    errors[key] ? (
      <p id={id} className="mt-1 text-sm text-red-800">
        {errors[key]}
      </p>
    ) : null;
  return (
    <>
      <div>
        <label htmlFor="bulk-served-on" className="block text-sm font-medium">
          Served on
        </label>
        <input
          id="bulk-served-on"
          name="servedOn"
          type="date"
          required
          defaultValue={today}
          max={today}
          aria-invalid={errors.servedOn ? true : undefined}
          aria-describedby={errors.servedOn ? "bulk-served-on-error" : undefined}
          className={inputClass}
        />
        {fieldError("servedOn", "bulk-served-on-error")}
      </div>
      <div>
        <label htmlFor="bulk-method" className="block text-sm font-medium">
          How
        </label>
        <select
          id="bulk-method"
          name="method"
          required
          value={method}
          onChange={(e) => setMethod(e.target.value as NoticeMethod | "")}
          className={inputClass}
        >
          <option value="" disabled>
            Choose how they were served
          </option>
          {NOTICE_METHODS.map((m) => (
            <option key={m} value={m}>
              {NOTICE_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      {method === "mail" ? (
        <>
          <div>
            <label htmlFor="bulk-carrier" className="block text-sm font-medium">
              Carrier
            </label>
            <input
              id="bulk-carrier"
              name="carrier"
              required
              className={inputClass}
              aria-invalid={errors.carrier ? true : undefined}
              aria-describedby={errors.carrier ? "bulk-carrier-error" : undefined}
            />
            {fieldError("carrier", "bulk-carrier-error")}
          </div>
          <div>
            <label htmlFor="bulk-tracking" className="block text-sm font-medium">
              Tracking number (optional)
            </label>
            <input id="bulk-tracking" name="trackingNumber" className={inputClass} />
          </div>
        </>
      ) : null}
      {method === "copyright_office" ? (
        <div>
          <label htmlFor="bulk-filing" className="block text-sm font-medium">
            Filing reference
          </label>
          <input
            id="bulk-filing"
            name="filingReference"
            required
            className={inputClass}
            aria-invalid={errors.filingReference ? true : undefined}
            aria-describedby={errors.filingReference ? "bulk-filing-error" : undefined}
          />
          {fieldError("filingReference", "bulk-filing-error")}
        </div>
      ) : null}
      <fieldset className="w-full rounded-md border border-slate-200 p-2 text-sm">
        <legend className="px-1 font-medium">Requests whose notices are late (after their due date)</legend>
        <p className="mb-1 text-slate-700">
          A late notice forecloses the compulsory license unless both are true; a late request without this attestation
          is refused and stays in licensing.
        </p>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="noCopiesDistributed" />
          No copy was distributed before these notices
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="madeWithin30Days" />
          No copy was made more than 30 days before these notices
        </label>
        <label htmlFor="bulk-attestation-note" className="mt-1 block text-sm font-medium">
          Attestation note (what you checked)
        </label>
        <input id="bulk-attestation-note" name="attestationNote" className={inputClass} />
        {fieldError("lateAttestation.note", "bulk-attestation-note-error")}
      </fieldset>
    </>
  );
}

function BulkResults({ results }: { results: BulkResult[] }) {
  const done = results.filter((r) => r.ok).length;
  return (
    <>
      <p className="font-medium">
        {done} of {results.length} {results.length === 1 ? "request" : "requests"} done.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {results.map((r) => (
          <li key={r.id} className={r.ok ? "text-emerald-800" : "text-red-800"}>
            #{r.id}: {r.ok ? "done" : `refused: ${r.detail}`}
          </li>
        ))}
      </ul>
    </>
  );
}
