import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { getDb } from "@/db";
import type { Actor } from "./actor";
import { RETURN_PATH_HEADER, signInPath } from "./return-path";
import { actorFromSessionUser, findSessionUser, type SessionUser } from "./users";

/**
 * The signed-in portal user, re-read from the database on every request: a deactivated user, or a session signed in
 * under an older session version (ended by sign-out, a password change or reset, a role change), is no one.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  const id = Number(session?.user?.id);
  const sessionVersion = session?.user?.sessionVersion;
  if (!Number.isInteger(id) || id <= 0 || typeof sessionVersion !== "number") return null;
  return findSessionUser(await getDb(), { id, sessionVersion });
}

/** The path the browser asked for (proxy.ts); null outside a request (a test or script calling a page or action). */
async function askedPath(): Promise<string | null> {
  try {
    return (await headers()).get(RETURN_PATH_HEADER);
  } catch {
    return null;
  }
}

/**
 * For pages and server actions: the caller, or a redirect to sign-in that brings the visitor back to the page they
 * asked for (or to the suspended-account page).
 */
export async function requireActor(): Promise<{ user: SessionUser; actor: Actor }> {
  const user = await currentUser();
  if (!user) redirect(signInPath(await askedPath()));
  if (user.accountSuspended) redirect("/account-suspended");
  return { user, actor: actorFromSessionUser(user) };
}
