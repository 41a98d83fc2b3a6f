"use client";

import { useActionState, useId } from "react";
import type { FormResult } from "@/lib/forms/form-result";

type Acceptance = { acceptedOn: string; reference: string; terms: string };

/**
 * Records a copyright owner's written acceptance of a voluntary stream license: the day (from the day the request was
 * filed to today), what records it, and any terms. It stands where serving a notice stands for other formats.
 */
export function AcceptanceForm({
  ownerName,
  days,
  action,
}: {
  ownerName: string;
  days: { filedOn: string; today: string };
  action: (values: Acceptance) => Promise<FormResult<unknown>>;
}) {
  const ids = useId();
  const [state, record, pending] = useActionState(
    (_prev: FormResult<unknown> | null, form: FormData) =>
      action({
        acceptedOn: String(form.get("acceptedOn")),
        reference: String(form.get("reference") ?? ""),
        terms: String(form.get("terms") ?? ""),
      }),
    null,
  );
  const errors = state && !state.ok ? state.fieldErrors : {};
  const field = "rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <form action={record} className="flex flex-wrap items-end gap-2" aria-label={`Acceptance by ${ownerName}`}>
      <div>
        <label htmlFor={`${ids}-on`} className="block text-xs font-medium">
          Accepted on
        </label>
        <input
          id={`${ids}-on`}
          name="acceptedOn"
          type="date"
          required
          defaultValue={days.today}
          min={days.filedOn}
          max={days.today}
          aria-invalid={errors.acceptedOn ? true : undefined}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-reference`} className="block text-xs font-medium">
          Reference (letter, email, contract)
        </label>
        <input
          id={`${ids}-reference`}
          name="reference"
          required
          aria-invalid={errors.reference ? true : undefined}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-terms`} className="block text-xs font-medium">
          Terms (optional)
        </label>
        <input id={`${ids}-terms`} name="terms" className={field} />
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-label={`Record acceptance: ${ownerName}`}
        className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
      >
        {pending ? "Saving…" : "Record acceptance"}
      </button>
      {state && !state.ok ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
