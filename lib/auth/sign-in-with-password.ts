import { AuthError } from "next-auth";
import { signIn } from "@/auth";

/**
 * Signs the person in after they chose a password (an accepted invitation, a reset link, a password change) and
 * goes to `redirectTo` (Next's redirect propagates). False when signing in failed: the page then asks the person
 * to sign in themselves.
 */
export async function signInWithPassword(email: string, password: string, redirectTo: string): Promise<false> {
  try {
    await signIn("credentials", { email, password, redirectTo });
  } catch (e) {
    if (e instanceof AuthError) return false;
    throw e;
  }
  return false;
}
