import type { Metadata } from "next";
import { PasswordForm } from "@/components/people/password-form";
import { ProfileNameForm } from "@/components/people/profile-name-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { changePasswordAction, updateProfileAction } from "./actions";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage({ searchParams }: { searchParams: Promise<{ password?: string }> }) {
  const { user } = await requireActor();
  const { password } = await searchParams;
  return (
    <div className="max-w-xl space-y-8">
      <PageHeader title="Profile" description={`You sign in as ${user.email}.`} />
      <section aria-labelledby="name-heading" className="space-y-3">
        <h2 id="name-heading" className="text-lg font-semibold">
          Name
        </h2>
        <ProfileNameForm name={user.name} save={updateProfileAction} />
      </section>
      <section aria-labelledby="password-heading" className="space-y-3">
        <h2 id="password-heading" className="text-lg font-semibold">
          Password
        </h2>
        {password === "changed" ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
            Your password is changed. You were signed out everywhere else.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">Changing it signs you out on every other device.</p>
        <PasswordForm kind="change" submitLabel="Change password" save={changePasswordAction} />
      </section>
    </div>
  );
}
