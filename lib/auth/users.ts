import { and, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { accounts, users } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import type { Actor } from "./actor";
import type { ClientRole } from "./client-roles";
import { hashPassword, verifyPassword } from "./passwords";

export type Role = "employee" | "client" | "licensee";
/** What a portal session carries. */
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  role: Role;
  clientRole: ClientRole | null;
  accountId: number | null;
  licenseeId: string | null;
  /** The session version the user's sessions must carry (users.session_version). */
  sessionVersion: number;
  /** The user's client account is suspended (employees have none). */
  accountSuspended: boolean;
};

const sessionColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  clientRole: users.clientRole,
  accountId: users.accountId,
  licenseeId: users.licenseeId,
  sessionVersion: users.sessionVersion,
  suspendedAt: accounts.suspendedAt,
};

const selectSessionUser = (db: Conn) =>
  db.select(sessionColumns).from(users).leftJoin(accounts, eq(accounts.id, users.accountId));

function toSessionUser({
  suspendedAt,
  ...row
}: { suspendedAt: Date | null } & Omit<SessionUser, "accountSuspended">): SessionUser {
  return { ...row, accountSuspended: suspendedAt !== null };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// A hash to check unknown emails against, so that they take as long to refuse as known ones (no enumeration by timing).
const g = globalThis as unknown as { __coverdeskDummyHash?: Promise<string> };
const dummyHash = () => (g.__coverdeskDummyHash ??= hashPassword("no user has this password"));

/** The user with this email and password, if active and with a password set; else null. Always hashes once. */
export async function verifyCredentials(db: Conn, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deactivatedAt)));
  if (!row?.passwordHash) {
    await verifyPassword(password, await dummyHash());
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  const { passwordHash: _hash, ...user } = row;
  return toSessionUser(user);
}

/**
 * The user a portal session names, while that session is still good: the user is active and the session was signed
 * in under the user's current session version. Anything else ends the session at once.
 */
export async function findSessionUser(
  db: Conn,
  claims: { id: number; sessionVersion: number },
): Promise<SessionUser | null> {
  const [row] = await selectSessionUser(db).where(
    and(eq(users.id, claims.id), eq(users.sessionVersion, claims.sessionVersion), isNull(users.deactivatedAt)),
  );
  return row ? toSessionUser(row) : null;
}

/** Creates or updates a portal user by email (used by the seed and tests). */
export async function upsertUser(
  db: Conn,
  input: {
    email: string;
    name: string;
    password: string;
    role: Role;
    clientRole?: ClientRole | null;
    accountId?: number | null;
    licenseeId?: string | null;
  },
): Promise<SessionUser> {
  const values = {
    email: normalizeEmail(input.email),
    name: input.name,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    clientRole: input.role === "client" ? (input.clientRole ?? "admin") : null,
    accountId: input.accountId ?? null,
    licenseeId: input.licenseeId ?? null,
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.email, set: values })
    .returning({ id: users.id });
  const [user] = row ? await selectSessionUser(db).where(eq(users.id, row.id)) : [];
  if (!user) throw new Error("user upsert returned nothing");
  return toSessionUser(user);
}

export function actorFromSessionUser(user: SessionUser): Actor {
  if (user.role === "employee") return { kind: "employee", name: user.name, userId: user.id, apiKeyId: null };
  if (user.accountId === null) throw new Error(`User ${user.id} has role ${user.role} but no account`);
  if (user.accountSuspended) throw accountSuspended();
  if (user.role === "client") {
    if (user.clientRole === null) throw new Error(`Client user ${user.id} has no client role`);
    return {
      kind: "client",
      name: user.name,
      accountId: user.accountId,
      role: user.clientRole,
      userId: user.id,
      apiKeyId: null,
    };
  }
  if (user.licenseeId === null) throw new Error(`Licensee user ${user.id} has no licensee`);
  return { kind: "licensee", name: user.name, accountId: user.accountId, licenseeId: user.licenseeId, userId: user.id };
}

export const accountSuspended = () =>
  new DomainError(
    "account_suspended",
    "This client account is suspended: its users and API keys are refused. Contact CoverDesk.",
  );
