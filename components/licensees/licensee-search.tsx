"use client";

import { useRef, useState } from "react";
import { describedBy, Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";

/** A licensee a form may offer; `email`, where the form shows it, tells apart licensees of one name. */
export type LicenseeOption = { id: string; name: string; email?: string | null };
/** An option as a list shows it: licensees often share a name, rarely an email. */
export const licenseeLabel = (l: LicenseeOption) => (l.email ? `${l.name} (${l.email})` : l.name);
export type FindLicensees = (q: string) => Promise<FormResult<LicenseeOption[]>>;

const WAIT_MS = 250;

/**
 * For an account with too many licensees to list in a form: a search box whose matches (up to 20, by name) fill the
 * form's own licensee list through `onMatches`, and a line that says how many were found.
 */
export function LicenseeSearch({
  id,
  find,
  onMatches,
}: {
  id: string;
  find: FindLicensees;
  onMatches: (matches: LicenseeOption[]) => void;
}) {
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  const search = (q: string) => {
    clearTimeout(timer.current);
    const asked = ++latest.current;
    if (!q.trim()) {
      onMatches([]);
      setStatus("");
      return;
    }
    timer.current = setTimeout(() => {
      void find(q).then((result) => {
        if (asked !== latest.current) return; // typed on since: a newer search answers
        const found = result.ok ? result.data : [];
        onMatches(found);
        setStatus(
          result.ok
            ? `${found.length === 0 ? "No" : found.length} licensee${found.length === 1 ? "" : "s"} found.`
            : result.message,
        );
      });
    }, WAIT_MS);
  };
  return (
    <Field id={id} label="Find the licensee" hint="Type part of its name: what is found fills the list below.">
      <input
        type="search"
        autoComplete="off"
        onChange={(e) => search(e.target.value)}
        {...describedBy(id, { hint: true })}
        className={inputClass}
      />
      <p role="status" className="mt-1 text-xs text-slate-600">
        {status}
      </p>
    </Field>
  );
}
