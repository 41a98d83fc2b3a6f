"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/styles";
import type { ActionResult } from "@/lib/portal/action-result";

/** Cancelling cannot be undone, so it asks once more before doing it. */
export function CancelRequestButton({ cancel }: { cancel: () => Promise<ActionResult<unknown>> }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const openRef = useRef<HTMLButtonElement>(null);

  if (!confirming) {
    return (
      <button ref={openRef} type="button" className={buttonClass.danger} onClick={() => setConfirming(true)}>
        Cancel request
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-question" className="rounded-md border border-red-200 bg-red-50 p-3">
      <p id="cancel-question" className="text-sm text-red-900">
        Cancel this request? It cannot be undone; you would file a new one instead.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus
          disabled={pending}
          className={`${buttonClass.danger} bg-red-700 text-white hover:bg-red-800`}
          onClick={() =>
            start(async () => {
              const result = await cancel();
              if (result.ok) {
                setConfirming(false);
                router.refresh();
              } else setError(result.message);
            })
          }
        >
          {pending ? "Cancelling…" : "Yes, cancel it"}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={pending} onClick={() => setConfirming(false)}>
          Keep the request
        </button>
      </div>
    </div>
  );
}
