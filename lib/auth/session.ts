import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { getDb } from "@/db";
import type { Actor } from "./actor";
import { actorFromSessionUser, findSessionUser, type SessionUser } from "./users";

/** The signed-in portal user, re-read from the database so a removed user loses access at once. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  const id = Number(session?.user?.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  return findSessionUser(await getDb(), id);
}

/** For pages and server actions: the caller, or a redirect to sign-in. */
export async function requireActor(): Promise<{ user: SessionUser; actor: Actor }> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return { user, actor: actorFromSessionUser(user) };
}
