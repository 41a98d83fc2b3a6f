"use server";

import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { runPublicFormAction } from "@/lib/forms/run-form-action";
import { acceptInvitation } from "@/lib/people/accept-invitation";
import { acceptInvitationInput } from "@/lib/people/schemas";

/** Accepts the invitation of the link's token (bound) with the chosen name and password, then signs the person in. */
export async function acceptInvitationAction(token: string, values: unknown) {
  const result = await runPublicFormAction({ schema: acceptInvitationInput, values }, async ({ db, input }) => ({
    ...(await acceptInvitation(db, token, input)),
    password: input.password,
  }));
  if (!result.ok) return result;
  const signedIn = await signInWithPassword(result.data.email, result.data.password, "/dashboard");
  return { ok: true as const, data: { signedIn } };
}
