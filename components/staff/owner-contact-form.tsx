"use client";

import { useActionState, useId } from "react";
import type { FormResult } from "@/lib/forms/form-result";

type Contact = { email: string; noticeEmailDesignated: boolean; postalAddress: string };

/**
 * An owner's email (and whether the owner designated it for notices of intention) and postal address, editable on a
 * song whose owners and shares are frozen by licensing.
 */
export function OwnerContactForm({
  ownerName,
  initial,
  action,
}: {
  ownerName: string;
  initial: { email: string | null; noticeEmailDesignated: boolean; postalAddress: string | null };
  action: (values: Contact) => Promise<FormResult<unknown>>;
}) {
  const ids = useId();
  const [state, save, pending] = useActionState(
    (_prev: FormResult<unknown> | null, form: FormData) =>
      action({
        email: String(form.get("email") ?? ""),
        noticeEmailDesignated: form.get("noticeEmailDesignated") === "on",
        postalAddress: String(form.get("postalAddress") ?? ""),
      }),
    null,
  );
  const errors = state && !state.ok ? state.fieldErrors : {};
  const field = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <form
      action={save}
      aria-label={`Contact details of ${ownerName}`}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${ids}-email`} className="block text-xs font-medium">
          Email of {ownerName}
        </label>
        <input
          id={`${ids}-email`}
          name="email"
          type="email"
          defaultValue={initial.email ?? ""}
          className={field}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids}-email-error` : undefined}
        />
        {errors.email ? (
          <p id={`${ids}-email-error`} className="mt-1 text-sm text-red-800">
            {errors.email}
          </p>
        ) : null}
        <label className="mt-1 flex items-center gap-2 text-xs">
          <input
            type="checkbox"
            name="noticeEmailDesignated"
            defaultChecked={initial.noticeEmailDesignated}
            aria-invalid={errors.noticeEmailDesignated ? true : undefined}
            aria-describedby={errors.noticeEmailDesignated ? `${ids}-designated-error` : undefined}
          />
          Designated by the owner for notices of intention
        </label>
        {errors.noticeEmailDesignated ? (
          <p id={`${ids}-designated-error`} className="mt-1 text-sm text-red-800">
            {errors.noticeEmailDesignated}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-address`} className="block text-xs font-medium">
          Postal address of {ownerName}
        </label>
        <textarea
          id={`${ids}-address`}
          name="postalAddress"
          rows={2}
          defaultValue={initial.postalAddress ?? ""}
          className={field}
          aria-invalid={errors.postalAddress ? true : undefined}
          aria-describedby={errors.postalAddress ? `${ids}-address-error` : undefined}
        />
        {errors.postalAddress ? (
          <p id={`${ids}-address-error`} className="mt-1 text-sm text-red-800">
            {errors.postalAddress}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
      >
        {pending ? "Saving…" : `Save contact of ${ownerName}`}
      </button>
      {state ? (
        <p
          role={state.ok ? "status" : "alert"}
          className={`text-sm sm:col-span-3 ${state.ok ? "text-emerald-800" : "text-red-800"}`}
        >
          {state.ok ? `Contact details of ${ownerName} saved.` : state.message}
        </p>
      ) : null}
    </form>
  );
}
