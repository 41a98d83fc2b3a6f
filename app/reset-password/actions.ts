"use server";

import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { runPublicFormAction } from "@/lib/forms/run-form-action";
import { resetPassword } from "@/lib/people/reset-password";
import { resetPasswordInput } from "@/lib/people/schemas";

/** Sets the password through the link's token (bound), then signs the person in: every other session has ended. */
export async function resetPasswordAction(token: string, values: unknown) {
  const result = await runPublicFormAction({ schema: resetPasswordInput, values }, async ({ db, input }) => ({
    ...(await resetPassword(db, token, input)),
    password: input.password,
  }));
  if (!result.ok) return result;
  const signedIn = await signInWithPassword(result.data.email, result.data.password, "/dashboard");
  return { ok: true as const, data: { signedIn } };
}
