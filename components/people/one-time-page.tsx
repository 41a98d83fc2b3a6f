import Link from "@/components/ui/link";
import type { ReactNode } from "react";

/** The frame of the pages a one-time link opens (accept an invitation, choose a password). */
export function OneTimePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto mt-10 max-w-md space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/** What a used, expired, revoked or unknown link shows. */
export function DeadLink({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p>{children}</p>
      <p className="mt-3 text-sm">
        <Link href="/forgot-password">Forgot password?</Link> · <Link href="/login">Sign in</Link>
      </p>
    </div>
  );
}
