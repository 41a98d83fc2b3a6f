"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/portal/action-result";

export function RevokeApiKeyButton({ name, revoke }: { name: string; revoke: () => Promise<ActionResult<unknown>> }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!confirming) {
    return (
      <button type="button" className={buttonClass.danger} onClick={() => setConfirming(true)} aria-label={`Revoke ${name}`}>
        Revoke
      </button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Revoke ${name}?`}>
      <span className="text-sm text-red-900">Calls with this key will be refused at once.</span>
      <button
        type="button"
        autoFocus
        disabled={pending}
        className={`${buttonClass.danger} bg-red-700 text-white hover:bg-red-800`}
        onClick={() =>
          start(async () => {
            const result = await revoke();
            if (result.ok) router.refresh();
            else setError(result.message);
          })
        }
      >
        {pending ? "Revoking…" : `Yes, revoke ${name}`}
      </button>
      <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)} disabled={pending}>
        Keep it
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
