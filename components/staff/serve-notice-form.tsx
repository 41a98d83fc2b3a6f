"use client";

import { useActionState, useId, useState } from "react";
import { formatDay } from "@/lib/formatting";
import type { FormResult } from "@/lib/forms/form-result";
import { NOTICE_METHOD_LABELS, NOTICE_METHODS, type NoticeMethod } from "@/lib/licensing/notice-methods";

type Serving = {
  servedOn: string;
  method: NoticeMethod | undefined;
  carrier: string;
  trackingNumber: string;
  filingReference: string;
  note: string;
  lateAttestation?: { noCopiesDistributed: boolean; madeWithin30Days: boolean; note: string };
};
type Owner = { email: string | null; noticeEmailDesignated: boolean; postalAddress: string | null };

/** Why a way of serving is not open for this notice, or null when it is. */
function missingFor(method: NoticeMethod, owner: Owner, toOffice: boolean): string | null {
  if (method === "copyright_office")
    return toOffice ? null : "only for an owner not in the Copyright Office's records, physical formats";
  if (method === "mail" && !owner.postalAddress) return "no postal address on file";
  if (method === "email" && !owner.email) return "no email address on file";
  if (method === "email" && !owner.noticeEmailDesignated) return "the owner has not designated an email for notices";
  return null;
}

/**
 * Records a notice as served: the day (from the day the request was filed to today) and the way, chosen by the
 * employee (never pre-selected): by mail with its carrier and tracking number, by email to the address the owner
 * designated, or filed with the Copyright Office with its receipt. A day after the due date asks for the attestation
 * that keeps a late notice valid.
 */
export function ServeNoticeForm({
  ownerName,
  owner,
  toOffice,
  dueOn,
  days,
  songHref,
  action,
}: {
  ownerName: string;
  owner: Owner;
  /** The owner is not in the Copyright Office's records and the format is physical: the notice may be filed there. */
  toOffice: boolean;
  dueOn: string;
  days: { filedOn: string; today: string };
  /** The owner's catalog song, where a missing contact detail is added. */
  songHref: string;
  action: (values: Serving) => Promise<FormResult<unknown>>;
}) {
  const ids = useId();
  const [method, setMethod] = useState<NoticeMethod | "">("");
  const [servedOn, setServedOn] = useState(days.today);
  // Kept in state so that a refusal (a late notice without its attestation) does not clear what was typed.
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const late = servedOn > dueOn;
  const [state, serve, pending] = useActionState((_prev: FormResult<unknown> | null, form: FormData) => {
    const text = (name: string) => String(form.get(name) ?? "");
    const attested = {
      noCopiesDistributed: form.get("noCopiesDistributed") === "on",
      madeWithin30Days: form.get("madeWithin30Days") === "on",
      note: text("attestationNote"),
    };
    const attesting = late && (attested.noCopiesDistributed || attested.madeWithin30Days || attested.note.trim());
    return action({
      servedOn: text("servedOn"),
      method: method || undefined,
      carrier: text("carrier"),
      trackingNumber: text("trackingNumber"),
      filingReference: text("filingReference"),
      note: text("note"),
      ...(attesting ? { lateAttestation: attested } : {}),
    });
  }, null);
  const errors = state && !state.ok ? state.fieldErrors : {};
  const missing = NOTICE_METHODS.flatMap((m) => {
    const why = m === "copyright_office" ? null : missingFor(m, owner, toOffice);
    return why ? [`${NOTICE_METHOD_LABELS[m]}: ${why}`] : [];
  });
  const verb = method === "copyright_office" ? "Mark filed" : "Mark served";
  const field = "rounded-md border border-slate-300 px-2 py-1 text-sm";
  const error = (key: string, label: string) =>
    errors[key] ? (
      <p id={`${ids}-${key}-error`} className="w-full text-sm text-red-800">
        {label}: {errors[key]}
      </p>
    ) : null;
  const described = (key: string) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `${ids}-${key}-error` } : {};
  return (
    <form action={serve} className="flex flex-wrap items-end gap-2" aria-label={`Serve the notice to ${ownerName}`}>
      <div>
        <label htmlFor={`${ids}-on`} className="block text-xs font-medium">
          Served on
        </label>
        <input
          id={`${ids}-on`}
          name="servedOn"
          type="date"
          required
          value={servedOn}
          onChange={(e) => setServedOn(e.target.value)}
          min={days.filedOn}
          max={days.today}
          className={field}
          {...described("servedOn")}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-method`} className="block text-xs font-medium">
          How
        </label>
        <select
          id={`${ids}-method`}
          required
          value={method}
          onChange={(e) => setMethod(e.target.value as NoticeMethod | "")}
          className={field}
          aria-describedby={missing.length ? `${ids}-missing` : undefined}
          {...described("method")}
        >
          <option value="" disabled>
            Choose how it was served
          </option>
          {NOTICE_METHODS.map((m) => (
            <option key={m} value={m} disabled={missingFor(m, owner, toOffice) !== null}>
              {NOTICE_METHOD_LABELS[m]}
              {missingFor(m, owner, toOffice) ? ` (${missingFor(m, owner, toOffice)})` : ""}
            </option>
          ))}
        </select>
      </div>
      {method === "mail" ? (
        <>
          <div>
            <label htmlFor={`${ids}-carrier`} className="block text-xs font-medium">
              Carrier
            </label>
            <input
              id={`${ids}-carrier`}
              name="carrier"
              required
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              placeholder="USPS Certified Mail"
              className={field}
              {...described("carrier")}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-tracking`} className="block text-xs font-medium">
              Tracking number (optional)
            </label>
            <input
              id={`${ids}-tracking`}
              name="trackingNumber"
              value={trackingNumber}
              onChange={(e) => setTrackingNumber(e.target.value)}
              className={field}
            />
          </div>
        </>
      ) : null}
      {method === "copyright_office" ? (
        <div>
          <label htmlFor={`${ids}-filing`} className="block text-xs font-medium">
            Filing reference (Office receipt or deposit-account debit)
          </label>
          <input
            id={`${ids}-filing`}
            name="filingReference"
            required
            className={field}
            {...described("filingReference")}
          />
        </div>
      ) : null}
      {method === "email" ? <p className="text-sm">To {owner.email}, designated by the owner for notices.</p> : null}
      <div>
        <label htmlFor={`${ids}-note`} className="block text-xs font-medium">
          Note (optional)
        </label>
        <input id={`${ids}-note`} name="note" className={field} />
      </div>
      {late ? (
        <fieldset className="w-full rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
          <legend className="px-1 font-medium text-amber-950">Late: the notice was due by {formatDay(dueOn)}</legend>
          <p className="mb-1 text-amber-950">
            A notice served late forecloses the compulsory license unless both of these are true. If you cannot attest
            them, do not serve: move the request to “Cannot license” (custom license required).
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="noCopiesDistributed" {...described("lateAttestation.noCopiesDistributed")} />
            No copy was distributed before this notice
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="madeWithin30Days" {...described("lateAttestation.madeWithin30Days")} />
            No copy was made more than 30 days before this notice
          </label>
          <label htmlFor={`${ids}-attestation-note`} className="mt-1 block text-xs font-medium">
            Attestation note (what you checked)
          </label>
          <input
            id={`${ids}-attestation-note`}
            name="attestationNote"
            className={`${field} w-full`}
            {...described("lateAttestation.note")}
          />
        </fieldset>
      ) : null}
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
      {error("servedOn", "Served on")}
      {error("method", "How")}
      {error("carrier", "Carrier")}
      {error("filingReference", "Filing reference")}
      {error("lateAttestation.noCopiesDistributed", "No copy distributed")}
      {error("lateAttestation.madeWithin30Days", "No copy made more than 30 days before")}
      {error("lateAttestation.note", "Attestation note")}
      {state && !state.ok ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
