import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { readTogether } from "@/db/read-together";
import { licensees, users } from "@/db/schema";
import { env } from "@/env";

/** The addresses of a comma-separated list such as STAFF_NOTIFY_EMAIL. */
export function parseAddressList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Who is told about new wall posts: STAFF_NOTIFY_EMAIL, else every active employee user; never a licensee. */
export async function staffRecipients(db: Conn, configured = env().STAFF_NOTIFY_EMAIL): Promise<string[]> {
  let addresses = parseAddressList(configured);
  if (addresses.length === 0) {
    const employees = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, "employee"), isNull(users.deactivatedAt)));
    addresses = employees.map((u) => u.email);
  }
  return withoutLicenseeAddresses(db, addresses);
}

/**
 * Drops every address that belongs to a licensee (a licensee user's sign-in or a licensee's contact email),
 * whatever the configuration says, and duplicates. Run when a message is written and again when it is sent.
 */
export async function withoutLicenseeAddresses(db: Conn, addresses: string[]): Promise<string[]> {
  const unique = [...new Map(addresses.map((a) => [bareAddress(a), a])).values()];
  if (unique.length === 0) return [];
  const lowered = unique.map(bareAddress);
  const [licenseeUsers, licenseeContacts] = await readTogether(
    db,
    () =>
      db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.role, "licensee"), inArray(users.email, lowered))),
    () =>
      db
        .select({ email: sql<string>`lower(${licensees.email})` })
        .from(licensees)
        .where(inArray(sql`lower(${licensees.email})`, lowered)),
  );
  const blocked = new Set([...licenseeUsers, ...licenseeContacts].map((r) => r.email.toLowerCase()));
  return unique.filter((a) => !blocked.has(bareAddress(a)));
}

/** Drops the addresses of client staff users (a STAFF_NOTIFY_EMAIL set to a client's address), for mail about what they may not read. */
export async function withoutClientAddresses(db: Conn, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const clients = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "client"), inArray(users.email, addresses.map(bareAddress))));
  const blocked = new Set(clients.map((c) => c.email.toLowerCase()));
  return addresses.filter((a) => !blocked.has(bareAddress(a)));
}

/** Drops the author of what the mail is about: nobody is told about their own post. */
export const withoutAuthor = (addresses: string[], author: string | null) =>
  author === null ? addresses : addresses.filter((a) => bareAddress(a) !== author.toLowerCase());

/** "Sam Staff <Sam@Example.com>" → "sam@example.com", for comparing addresses. */
function bareAddress(address: string): string {
  return (/<([^<>]+)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase();
}
