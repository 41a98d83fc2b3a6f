import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Account suspended" };

/** Where a signed-in user of a suspended account lands from every page (lib/auth/session.ts requireActor). */
export default async function AccountSuspendedPage() {
  const user = await currentUser();
  if (!user) redirect("/login");
  if (!user.accountSuspended) redirect("/dashboard");
  return (
    <div
      role="alert"
      className="mx-auto mt-10 max-w-lg rounded-lg border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h1 className="text-xl font-semibold">Your account is suspended</h1>
      <p className="mt-2">
        CoverDesk has suspended your organisation&apos;s account: its people and API keys are refused for now. Its
        requests and records are kept. Contact CoverDesk to have it reactivated.
      </p>
    </div>
  );
}
