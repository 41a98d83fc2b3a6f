"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { AuthError } from "next-auth";
import { signIn, signOut, SignInLocked } from "@/auth";
import { getDb } from "@/db";
import { endAllSessions } from "@/lib/auth/end-sessions";
import { currentUser } from "@/lib/auth/session";
import { loginInput } from "@/lib/auth/login-input";
import { safeReturnPath } from "@/lib/auth/return-path";

const LOCKED = "Too many failed sign-ins for this email or network. Wait a few minutes, or use “Forgot password?”.";

export type LoginState = { email: string; error?: string };

export async function loginAction(_prev: LoginState, posted: FormData): Promise<LoginState> {
  const form = postedForm(posted);
  const raw = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const parsed = loginInput.safeParse(raw);
  if (!parsed.success) return { email: raw.email, error: parsed.error.issues[0]?.message ?? "Invalid input" };
  try {
    await signIn("credentials", {
      ...parsed.data,
      redirectTo: safeReturnPath(form.get("callbackUrl")) ?? "/dashboard",
    });
  } catch (e) {
    if (e instanceof SignInLocked) return { email: raw.email, error: LOCKED };
    if (e instanceof AuthError) return { email: raw.email, error: "Wrong email or password." };
    throw e; // NEXT_REDIRECT on success
  }
  return { email: raw.email };
}

/** Signs out, ending every session of the user at once (the session version moves on), not only this browser's. */
export async function signOutAction() {
  const user = await currentUser();
  if (user) await endAllSessions(await getDb(), user.id);
  await signOut({ redirectTo: "/login" });
}
