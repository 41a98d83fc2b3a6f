import { and, asc, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";

/** The active employees, by name: whom a request can be assigned to. */
export function listEmployees(db: Conn, actor: Actor) {
  requireEmployee(actor, "assign requests");
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, "employee"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user's id and name (an assignee no longer active). */
export async function findUserName(db: Conn, userId: number) {
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  return user ?? null;
}
