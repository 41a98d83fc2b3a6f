"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition, type KeyboardEvent } from "react";
import { buttonClass, inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";

export type EditInput = {
  /** The field's name in the resource's changes (as in its JSON Patch): `title`, `song/title`, `releaseMonth`. */
  name: string;
  label: string;
  value: string;
  kind?: "text" | "number" | "textarea" | "select" | "date";
  options?: { value: string; label: string }[];
  /** Sent as a number ("" as null). */
  numeric?: boolean;
};
/** Saves the changed fields (a server action parsing them with the resource's changes schema). */
export type SaveChanges = (changes: Record<string, string | number | null>) => Promise<FormResult<unknown>>;

/** "must not be empty" → "Must not be empty". */
const readable = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/**
 * A value shown in place with an Edit button; editing saves through the same PATCH use case as the API. A locked
 * field shows why instead (the lock reason comes from the domain's lock map).
 */
export function EditableField({
  label,
  of,
  display,
  inputs,
  lock,
  save,
}: {
  label: string;
  /** Whose field it is ("the album", "track 2"), so that each Edit button on a page has a name of its own. */
  of?: string;
  display: string;
  inputs: EditInput[];
  lock: string | null;
  /** null: shown read-only (licensees). */
  save: SaveChanges | null;
}) {
  const router = useRouter();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const open = () => {
    setDraft(Object.fromEntries(inputs.map((i) => [i.name, i.value])));
    setError(null);
    setEditing(true);
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const submit = () => {
    const changes = Object.fromEntries(
      inputs
        .filter((i) => draft[i.name] !== i.value)
        .map((i) => {
          const raw = draft[i.name] ?? "";
          return [i.name, i.numeric ? (raw.trim() === "" ? null : Number(raw)) : raw];
        }),
    );
    if (Object.keys(changes).length === 0 || !save) return close();
    start(async () => {
      const result = await save(changes);
      if (result.ok) return close(); // the action revalidated the page
      setError(readable(Object.values(result.fieldErrors)[0] ?? result.message));
      if (result.code === "song_locked" || result.code === "licensing_begun") router.refresh();
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") close();
    if (e.key === "Enter" && !(e.target instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      submit();
    }
  };

  if (!editing) {
    return (
      <div className="group">
        <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
        <dd className="mt-0.5 flex flex-wrap items-baseline gap-x-2">
          <span className={display ? "break-words" : "text-slate-500"}>{display || "—"}</span>
          {save && !lock ? (
            <button
              ref={editButton}
              type="button"
              onClick={open}
              className={buttonClass.link}
              aria-label={`Edit ${label.toLowerCase()}${of ? ` of ${of}` : ""}`}
            >
              Edit
            </button>
          ) : null}
          {save && lock ? (
            <span className="inline-flex items-center gap-1 text-xs text-amber-900" data-lock={lock}>
              <LockIcon /> Locked: {lock}
            </span>
          ) : null}
        </dd>
      </div>
    );
  }
  return (
    <div className="sm:col-span-2">
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 rounded-md border border-indigo-200 bg-indigo-50/50 p-3" onKeyDown={onKeyDown}>
        <div className="grid gap-3 sm:grid-cols-2">
          {inputs.map((input, n) => {
            const inputId = `${id}-${n}`;
            const common = {
              id: inputId,
              value: draft[input.name] ?? "",
              autoFocus: n === 0,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": error ? `${id}-error` : undefined,
              className: inputClass,
            };
            const set = (value: string) => setDraft((d) => ({ ...d, [input.name]: value }));
            return (
              <div key={input.name} className={input.kind === "textarea" ? "sm:col-span-2" : undefined}>
                <label htmlFor={inputId} className={inputs.length === 1 ? "sr-only" : "block text-sm font-medium"}>
                  {input.label}
                </label>
                {input.kind === "select" ? (
                  <select {...common} onChange={(e) => set(e.target.value)}>
                    {input.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : input.kind === "textarea" ? (
                  <textarea {...common} rows={3} onChange={(e) => set(e.target.value)} />
                ) : (
                  <input
                    {...common}
                    type={input.kind === "number" || input.kind === "date" ? input.kind : "text"}
                    min={input.kind === "number" ? 0 : undefined}
                    onChange={(e) => set(e.target.value)}
                  />
                )}
              </div>
            );
          })}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-3 flex gap-2">
          <button type="button" onClick={submit} disabled={pending} className={buttonClass.primary}>
            {pending ? "Saving…" : "Save"}
          </button>
          <button type="button" onClick={close} disabled={pending} className={buttonClass.secondary}>
            Cancel
          </button>
        </div>
      </dd>
    </div>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
