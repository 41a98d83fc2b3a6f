import type { Metadata } from "next";
import { getDb } from "@/db";
import { NotificationPreferencesForm } from "@/components/people/notification-preferences-form";
import { PasswordForm } from "@/components/people/password-form";
import { ProfileNameForm } from "@/components/people/profile-name-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { getNotificationPreferences } from "@/lib/notifications/get-notification-preferences";
import { KINDS_FOR_ROLE } from "@/lib/notifications/notification-kinds";
import { changePasswordAction, setNotificationPreferencesAction, updateProfileAction } from "./actions";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage({ searchParams }: { searchParams: Promise<{ password?: string }> }) {
  const { user, actor } = await requireActor();
  const { password } = await searchParams;
  const notifications =
    KINDS_FOR_ROLE[actor.kind].length > 0 ? await getNotificationPreferences(await getDb(), actor) : null;
  return (
    <div className="max-w-xl space-y-8">
      <PageHeader title="Profile" description={`You sign in as ${user.email}.`} />
      <section aria-labelledby="name-heading" className="space-y-3">
        <h2 id="name-heading" className="text-lg font-semibold">
          Name
        </h2>
        <ProfileNameForm name={user.name} save={updateProfileAction} />
      </section>
      {notifications ? (
        <section aria-labelledby="notifications-heading" className="space-y-3">
          <h2 id="notifications-heading" className="text-lg font-semibold">
            Email notifications
          </h2>
          <p className="text-sm text-slate-600">
            For each kind of news: a mail as it happens, one daily digest, or none. Invitations, password links and
            requests for information always come.
          </p>
          <NotificationPreferencesForm preferences={notifications} save={setNotificationPreferencesAction} />
        </section>
      ) : null}
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
