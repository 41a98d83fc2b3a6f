import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "./actor";
import { hashPassword, verifyPassword } from "./passwords";

export type Role = "employee" | "client" | "licensee";
/** What a portal session carries. */
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  role: Role;
  accountId: number | null;
  licenseeId: string | null;
};

const sessionColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  accountId: users.accountId,
  licenseeId: users.licenseeId,
};

export async function verifyCredentials(db: Conn, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!row || !(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

export async function findSessionUser(db: Conn, id: number): Promise<SessionUser | null> {
  const [row] = await db.select(sessionColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Creates or updates a portal user by email (used by the seed and tests). */
export async function upsertUser(
  db: Conn,
  input: { email: string; name: string; password: string; role: Role; accountId?: number | null; licenseeId?: string | null },
): Promise<SessionUser> {
  const values = {
    email: input.email.trim().toLowerCase(),
    name: input.name,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    accountId: input.accountId ?? null,
    licenseeId: input.licenseeId ?? null,
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.email, set: values })
    .returning(sessionColumns);
  if (!row) throw new Error("user upsert returned nothing");
  return row;
}

export function actorFromSessionUser(user: SessionUser): Actor {
  if (user.role === "employee") return { kind: "employee", name: user.name, userId: user.id, apiKeyId: null };
  if (user.accountId === null) throw new Error(`User ${user.id} has role ${user.role} but no account`);
  if (user.role === "client")
    return { kind: "client", name: user.name, accountId: user.accountId, userId: user.id, apiKeyId: null };
  if (user.licenseeId === null) throw new Error(`Licensee user ${user.id} has no licensee`);
  return { kind: "licensee", name: user.name, accountId: user.accountId, licenseeId: user.licenseeId, userId: user.id };
}
