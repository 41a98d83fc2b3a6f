"use client";

import { useState } from "react";
import { CopyButton } from "@/components/api-keys/copy-button";
import type { FormResult } from "@/lib/forms/form-result";
import { formatDateTime } from "@/lib/formatting";

type Rotated = { secret: string; previousSecretExpiresAt: string };

/** "Rotate secret": the new secret is shown here once; the old one keeps signing until the time it names. */
export function RotateSecretButton({ url, rotate }: { url: string; rotate: () => Promise<FormResult<Rotated>> }) {
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    const result = await rotate();
    setPending(false);
    if (result.ok) {
      setRotated(result.data);
      setError(null);
    } else setError(result.message);
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={onClick}
        disabled={pending}
        aria-label={`Rotate the secret of ${url}`}
        className="rounded-md border border-indigo-700 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
      >
        {pending ? "Rotating…" : "Rotate secret"}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {rotated ? (
        <div role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950">
          <p>
            New signing secret (shown once). The old one also signs until{" "}
            {formatDateTime(rotated.previousSecretExpiresAt)}.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="New signing secret"
              value={rotated.secret}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono"
            />
            <CopyButton text={rotated.secret} what="secret" />
          </div>
        </div>
      ) : null}
    </div>
  );
}
