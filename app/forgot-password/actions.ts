"use server";

import { runPublicFormAction } from "@/lib/forms/run-form-action";
import { requestPasswordReset } from "@/lib/people/request-password-reset";
import { forgotPasswordInput } from "@/lib/people/schemas";

/** Always the same answer, whether or not the address belongs to anyone (no way to learn who has a sign-in). */
export async function forgotPasswordAction(values: unknown) {
  return runPublicFormAction({ schema: forgotPasswordInput, values }, async ({ db, input }) => {
    await requestPasswordReset(db, input.email);
    return null;
  });
}
