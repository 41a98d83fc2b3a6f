"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { describedBy, Field } from "@/components/ui/field";
import { buttonClass, cardClass, inputClass } from "@/components/ui/styles";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FormResult } from "@/lib/forms/form-result";
import { MAX_CSV_BYTES, MAX_CSV_ROWS } from "@/lib/imports/csv-limits";

/** Uploads a CSV: the file is read here and parsed on the server; its page opens next, where the check's progress and then the preview show. */
export function UploadImportForm({
  upload,
}: {
  upload: (values: { filename: string; text: string }) => Promise<FormResult<{ id: number }>>;
}) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The error is read with the field, where the focus goes.
  const refuse = (message: string) => {
    setError(message);
    setPending(false);
    input.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file.");
    if (file.size > MAX_CSV_BYTES)
      return refuse(`The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MiB: split it in several imports.`);
    setError(undefined);
    setPending(true);
    const result = await upload({ filename: file.name, text: await file.text() });
    if (!result.ok) return refuse(result.fieldErrors.file ? `The file ${result.fieldErrors.file}.` : result.message);
    router.push(`/imports/${result.data.id}`);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className={`${cardClass} space-y-4`} aria-busy={pending}>
      <Field
        id="import-file"
        label="CSV file"
        error={error}
        hint={`CSV in UTF-8 (save a spreadsheet as "CSV UTF-8"), a header row of our column names, one row per track; at most ${MAX_CSV_ROWS.toLocaleString("en-US")} rows and ${MAX_CSV_BYTES / 1024 / 1024} MiB. Nothing is filed until you confirm the preview.`}
      >
        <input
          ref={input}
          type="file"
          name="file"
          accept=".csv,text/csv"
          {...describedBy("import-file", { hint: true, error })}
          className={inputClass}
        />
      </Field>
      <button type="submit" className={buttonClass.primary} disabled={!hydrated || pending}>
        {pending ? "Uploading…" : "Upload and check"}
      </button>
    </form>
  );
}
