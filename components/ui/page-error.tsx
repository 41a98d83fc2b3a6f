"use client";

import Link from "@/components/ui/link";
import { buttonClass } from "./styles";

/** The body of every error.tsx: what happened, a retry, and a way out. Never a stack trace. */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-lg font-semibold text-red-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-red-900">
        Something went wrong on our side. Try again; if it keeps happening, tell us the reference below.
      </p>
      {error.digest ? <p className="mt-2 font-mono text-xs text-red-800">Reference: {error.digest}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={reset} className={buttonClass.primary}>
          Try again
        </button>
        <Link href="/dashboard" className={buttonClass.secondary}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
