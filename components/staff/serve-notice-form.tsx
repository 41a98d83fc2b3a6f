"use client";

import { useActionState, useId, useState } from "react";
import type { FormResult } from "@/lib/forms/form-result";
import { NOTICE_METHOD_LABELS, NOTICE_METHODS, type NoticeMethod } from "@/lib/licensing/notice-methods";

type Serving = { servedOn: string; method: NoticeMethod; note: string };

/** Why a way of serving is not open for this owner, or null when it is. */
function missingFor(
  method: NoticeMethod,
  owner: { email: string | null; postalAddress: string | null },
): string | null {
  if (method === "mail" && !owner.postalAddress) return "no postal address on file";
  if (method === "email" && !owner.email) return "no email address on file";
  return null;
}

/**
 * Records a notice as served: the day (from the day the request was filed to today) and the way. Mail and email are
 * offered only when the owner has the matching contact detail; the form says which one is missing.
 */
export function ServeNoticeForm({
  ownerName,
  owner,
  toOffice,
  days,
  songHref,
  action,
}: {
  ownerName: string;
  owner: { email: string | null; postalAddress: string | null };
  /** The owner is not in the Copyright Office's records: the notice is filed there. */
  toOffice: boolean;
  days: { filedOn: string; today: string };
  /** The owner's catalog song, where a missing contact detail is added. */
  songHref: string;
  action: (values: Serving) => Promise<FormResult<unknown>>;
}) {
  const ids = useId();
  const methods = toOffice ? (["copyright_office"] as const) : NOTICE_METHODS;
  const [method, setMethod] = useState<NoticeMethod>(
    methods.find((m) => missingFor(m, owner) === null) ?? "copyright_office",
  );
  const [state, serve, pending] = useActionState(
    (_prev: FormResult<unknown> | null, form: FormData) =>
      action({ servedOn: String(form.get("servedOn")), method, note: String(form.get("note") ?? "") }),
    null,
  );
  const errors = state && !state.ok ? state.fieldErrors : {};
  const missing = NOTICE_METHODS.flatMap((m) =>
    toOffice || !missingFor(m, owner) ? [] : [`${NOTICE_METHOD_LABELS[m]}: ${missingFor(m, owner)}`],
  );
  const verb = toOffice ? "Mark filed" : "Mark served";
  return (
    <form action={serve} className="flex flex-wrap items-end gap-2" aria-label={`Serve the notice to ${ownerName}`}>
      <div>
        <label htmlFor={`${ids}-on`} className="block text-xs font-medium">
          {toOffice ? "Filed on" : "Served on"}
        </label>
        <input
          id={`${ids}-on`}
          name="servedOn"
          type="date"
          required
          defaultValue={days.today}
          min={days.filedOn}
          max={days.today}
          aria-invalid={errors.servedOn ? true : undefined}
          aria-describedby={errors.servedOn ? `${ids}-on-error` : undefined}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      </div>
      {toOffice ? null : (
        <div>
          <label htmlFor={`${ids}-method`} className="block text-xs font-medium">
            How
          </label>
          <select
            id={`${ids}-method`}
            value={method}
            onChange={(e) => setMethod(e.target.value as NoticeMethod)}
            aria-describedby={missing.length ? `${ids}-missing` : undefined}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            {methods.map((m) => (
              <option key={m} value={m} disabled={missingFor(m, owner) !== null}>
                {NOTICE_METHOD_LABELS[m]}
                {missingFor(m, owner) ? ` (${missingFor(m, owner)})` : ""}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-note`} className="block text-xs font-medium">
          Note (optional)
        </label>
        <input id={`${ids}-note`} name="note" className="rounded-md border border-slate-300 px-2 py-1 text-sm" />
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-label={`${verb}: ${ownerName}`}
        className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
      >
        {pending ? "Saving…" : verb}
      </button>
      {missing.length ? (
        <p id={`${ids}-missing`} className="w-full text-sm text-amber-900">
          Not possible for {ownerName}: {missing.join("; ")}. <a href={songHref}>Add it on the catalog song</a>.
        </p>
      ) : null}
      {errors.servedOn ? (
        <p id={`${ids}-on-error`} className="w-full text-sm text-red-800">
          Served on: {errors.servedOn}
        </p>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
