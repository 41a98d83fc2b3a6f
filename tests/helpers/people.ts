import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { ClientRole } from "@/lib/auth/client-roles";
import { actorFromSessionUser, upsertUser, type SessionUser } from "@/lib/auth/users";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";

export const PASSWORD = "correct horse battery staple";
export const NEW_PASSWORD = "a quite different passphrase";

/** A signed-in portal user (as a session would resolve it) and their actor. */
export type Person = { user: SessionUser; actor: Actor };
const person = (user: SessionUser): Person => ({ user, actor: actorFromSessionUser(user) });

export async function employee(db: Db, email: string): Promise<Person> {
  return person(await upsertUser(db, { email, name: `Employee ${email}`, password: PASSWORD, role: "employee" }));
}

/** Client staff of `accountName` (the account is created if needed). */
export async function clientStaff(
  db: Db,
  accountName: string,
  email: string,
  clientRole: ClientRole = "admin",
): Promise<Person> {
  const account = await findOrCreateAccount(db, accountName);
  return person(
    await upsertUser(db, {
      email,
      name: `Staff ${email}`,
      password: PASSWORD,
      role: "client",
      clientRole,
      accountId: account.id,
    }),
  );
}

/** The one-time token of the newest mail to `to` in the outbox (read from its link). */
export async function tokenMailedTo(db: Db, to: string): Promise<string> {
  const [mail] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, "one_time_link"), sql`${to} = any(${outboxMessages.recipients})`))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  if (!token) throw new Error(`No one-time link mailed to ${to}`);
  return token;
}

/** How many one-time-link mails went to `to`. */
export async function mailsTo(db: Db, to: string): Promise<number> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, "one_time_link"), sql`${to} = any(${outboxMessages.recipients})`));
  return rows.length;
}
