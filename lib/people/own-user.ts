import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { forbidden, notFound } from "@/lib/errors";

/** The caller's own user row (a profile belongs to a portal user, not to an API key). */
export async function ownUser(db: Db, actor: Actor) {
  if (actor.userId === null) throw forbidden("Only people signed in to the portal have a profile.");
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw notFound("Your user");
  return user;
}
