"use server";

import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { formAction } from "@/lib/forms/form-action";
import { notificationPreferencesInput } from "@/lib/notifications/notification-kinds";
import { setNotificationPreferences } from "@/lib/notifications/set-notification-preferences";
import { changePassword } from "@/lib/people/change-password";
import { changePasswordInput, profileInput } from "@/lib/people/schemas";
import { updateProfile } from "@/lib/people/update-profile";

export async function updateProfileAction(values: unknown) {
  return formAction(
    { schema: profileInput, values, revalidate: ["/settings/profile", "/dashboard"] },
    async ({ db, actor, input }) => {
      await updateProfile(db, actor, input);
      return null;
    },
  );
}

export async function setNotificationPreferencesAction(values: unknown) {
  return formAction(
    { schema: notificationPreferencesInput, values, revalidate: ["/settings/profile"] },
    async ({ db, actor, input }) => {
      await setNotificationPreferences(db, actor, input);
      return null;
    },
  );
}

/** Changes the password, which ends every session of the user; this one is signed in again with the new password. */
export async function changePasswordAction(values: unknown) {
  const result = await formAction({ schema: changePasswordInput, values }, async ({ db, actor, input }) => ({
    ...(await changePassword(db, actor, input)),
    password: input.password,
  }));
  if (!result.ok) return result;
  const signedIn = await signInWithPassword(
    result.data.email,
    result.data.password,
    "/settings/profile?password=changed",
  );
  return { ok: true as const, data: { signedIn } };
}
