"use client";

import { useId, useState, useTransition } from "react";
import { FormAlert } from "@/components/form-alert";
import { afterAction } from "@/components/ui/after-action";
import type { FormResult } from "@/lib/forms/form-result";
import { songInputSchema, toBasisPoints } from "@/lib/songs/schemas";
import { fieldErrors } from "@/lib/validation";

type OwnerRow = {
  key: number;
  name: string;
  email: string;
  noticeEmailDesignated: boolean;
  postalAddress: string;
  share: string;
};
export type SongFormInitial = {
  title: string;
  writers: string[];
  owners: {
    name: string;
    email: string | null;
    noticeEmailDesignated?: boolean;
    postalAddress: string | null;
    share: number;
  }[];
};

const inputClass = "mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm";

/**
 * Catalog song form: title, writers (one per line) and copyright owners with shares that must sum to 100%.
 * Checked here with the API's own schema, then saved by the server action, which checks again.
 */
export function SongForm({
  songId,
  initial,
  save,
  submitLabel,
}: {
  songId: number | null;
  initial: SongFormInitial;
  save: (songId: number | null, values: unknown) => Promise<FormResult<unknown>>;
  submitLabel: string;
}) {
  const [title, setTitle] = useState(initial.title);
  const [writers, setWriters] = useState(initial.writers.join("\n"));
  const [owners, setOwners] = useState<OwnerRow[]>(() =>
    (initial.owners.length ? initial.owners : [{ name: "", email: null, postalAddress: null, share: 100 }]).map(
      (o, key) => ({
        key,
        name: o.name,
        email: o.email ?? "",
        noticeEmailDesignated: o.noticeEmailDesignated ?? false,
        postalAddress: o.postalAddress ?? "",
        share: String(o.share),
      }),
    ),
  );
  // A success leaves the page (the action redirects to the song), so only a failure is ever kept.
  const [failure, setFailure] = useState<{
    code?: string;
    message: string;
    fieldErrors: Record<string, string>;
  } | null>(null);
  // The catalog has a song of this title and writers: the next save keeps both, as the employee confirmed.
  const confirmingDuplicate = failure?.code === "duplicate_song";
  const [pending, startTransition] = useTransition();
  const ids = useId();

  const values = () => ({
    title,
    writers: writers
      .split("\n")
      .map((w) => w.trim())
      .filter(Boolean),
    owners: owners.map((o) => ({
      name: o.name,
      email: o.email,
      noticeEmailDesignated: o.noticeEmailDesignated,
      postalAddress: o.postalAddress,
      share: o.share.trim() === "" ? Number.NaN : Number(o.share),
    })),
    ...(confirmingDuplicate ? { confirmDuplicate: true } : {}),
  });
  const total =
    owners.reduce((sum, o) => sum + (Number.isFinite(Number(o.share)) ? toBasisPoints(Number(o.share)) : 0), 0) / 100;
  const setOwner = (key: number, patch: Partial<OwnerRow>) =>
    setOwners((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  // The focus goes to the owner that takes the removed one's place (or the one before, when the last went).
  const removeOwner = (i: number) => {
    const next = owners[i + 1] ?? owners[i - 1];
    setOwners((rows) => rows.filter((_, j) => j !== i));
    if (next)
      afterAction({
        focus: () => document.getElementById(`${ids}-o${next.key}-name`),
        message: `Owner ${i + 1} removed.`,
      });
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = songInputSchema.safeParse(values());
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setFailure({
        message: "Please correct the marked fields.",
        fieldErrors: Object.fromEntries(errors.map((e) => [e.path, e.message])),
      });
      return;
    }
    startTransition(async () => {
      const result = await save(songId, values());
      if (!result.ok) setFailure(result);
    });
  }

  const error = (path: string) => failure?.fieldErrors[path];
  const writerError = Object.entries(failure?.fieldErrors ?? {}).find(
    ([p]) => p === "writers" || p.startsWith("writers."),
  )?.[1];

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-5">
      <TextField id={`${ids}-title`} label="Title" value={title} onChange={setTitle} error={error("title")} />
      <TextField
        id={`${ids}-writers`}
        label="Writers (one per line)"
        value={writers}
        onChange={setWriters}
        error={writerError}
        multiline
      />
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Copyright owners and shares (%)</legend>
        <ul className="space-y-3">
          {owners.map((o, i) => (
            <li key={o.key} className="grid gap-2 sm:grid-cols-[2fr_2fr_2fr_1fr_auto] sm:items-start">
              <TextField
                id={`${ids}-o${o.key}-name`}
                label={`Owner ${i + 1} name`}
                value={o.name}
                onChange={(name) => setOwner(o.key, { name })}
                error={error(`owners.${i}.name`)}
              />
              <TextField
                id={`${ids}-o${o.key}-email`}
                label={`Owner ${i + 1} email (optional)`}
                value={o.email}
                onChange={(email) => setOwner(o.key, { email })}
                error={error(`owners.${i}.email`)}
                type="email"
              />
              <TextField
                id={`${ids}-o${o.key}-address`}
                label={`Owner ${i + 1} postal address (optional)`}
                value={o.postalAddress}
                onChange={(postalAddress) => setOwner(o.key, { postalAddress })}
                error={error(`owners.${i}.postalAddress`)}
                multiline
              />
              <TextField
                id={`${ids}-o${o.key}-share`}
                label={`Owner ${i + 1} share`}
                value={o.share}
                onChange={(share) => setOwner(o.key, { share })}
                error={error(`owners.${i}.share`)}
                inputMode="decimal"
              />
              <button
                type="button"
                onClick={() => removeOwner(i)}
                disabled={owners.length === 1}
                className="rounded-md border border-slate-300 px-2 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50 sm:mt-5"
              >
                Remove owner {i + 1}
              </button>
              <label className="flex items-center gap-2 text-sm sm:col-span-5">
                <input
                  type="checkbox"
                  checked={o.noticeEmailDesignated}
                  onChange={(e) => setOwner(o.key, { noticeEmailDesignated: e.target.checked })}
                />
                Owner {i + 1}: email designated by the owner for notices of intention
              </label>
              {error(`owners.${i}.noticeEmailDesignated`) ? (
                <p className="text-sm text-red-800 sm:col-span-5">{error(`owners.${i}.noticeEmailDesignated`)}</p>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <button
            type="button"
            onClick={() =>
              setOwners((rows) => [
                ...rows,
                {
                  key: Math.max(0, ...rows.map((r) => r.key)) + 1,
                  name: "",
                  email: "",
                  noticeEmailDesignated: false,
                  postalAddress: "",
                  share: "",
                },
              ])
            }
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
          >
            Add an owner
          </button>
          <p className={`text-sm ${total === 100 ? "text-emerald-800" : "text-amber-900"}`} aria-live="polite">
            Shares total {total}%{total === 100 ? "" : " (must be 100%)"}
          </p>
        </div>
        {error("owners") ? <p className="mt-2 text-sm text-red-800">{error("owners")}</p> : null}
      </fieldset>
      <FormAlert message={failure?.message} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-indigo-700 px-4 py-2 font-medium text-white hover:bg-indigo-800 disabled:opacity-60"
      >
        {pending ? "Saving…" : confirmingDuplicate ? "Save anyway as a separate song" : submitLabel}
      </button>
    </form>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  multiline = false,
  ...inputProps
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  multiline?: boolean;
  type?: string;
  inputMode?: "decimal";
}) {
  const a11y = error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
          {...a11y}
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
          {...inputProps}
          {...a11y}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
