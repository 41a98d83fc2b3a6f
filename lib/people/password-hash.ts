import { dictionary } from "@zxcvbn-ts/language-common";
import { hashPassword } from "@/lib/auth/passwords";
import { validationFailed } from "@/lib/errors";

// zxcvbn-ts's list of common passwords (about 49 000, from leaked-password corpora), compared lower-cased.
const COMMON = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

/**
 * The stored hash of a new password, after the checks a length rule cannot make (the length is checked by the
 * forms' schema): not a common password, and not the person's own email address.
 */
export async function newPasswordHash(password: string, person: { email: string }, path = "password"): Promise<string> {
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered))
    throw validationFailed([{ path, message: "is one of the most common passwords; choose another" }]);
  if (lowered === person.email.toLowerCase())
    throw validationFailed([{ path, message: "must not be your email address" }]);
  return hashPassword(password);
}
