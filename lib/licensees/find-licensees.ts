import { and, eq, ilike } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { licensees, licenseeSearchText } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { escapeLike, TEXT_LIMITS } from "@/lib/input-text";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { byName } from "./list-licensees";

const LICENSEE_MATCHES = 20;

/** What a licensee picker's search box sends. */
export const licenseeQuery = z.string().max(TEXT_LIMITS.search);

/**
 * A licensee picker's search where there are too many licensees to list: up to LICENSEE_MATCHES licensees of the
 * caller's account (employees: of `accountId`), with their email, whose name (company, first or last) contains `q`, by name, through
 * the names' trigram index.
 */
export async function findLicensees(db: Conn, actor: Actor, input: { q: string; accountId: number | null }) {
  const caller = requireRole(actor, ["employee", "client"], "look up licensees");
  const accountId = caller.kind === "client" ? caller.accountId : input.accountId;
  const text = input.q.trim();
  if (accountId === null || !text) return [];
  const rows = await db
    .select({
      id: licensees.id,
      companyName: licensees.companyName,
      firstName: licensees.firstName,
      lastName: licensees.lastName,
      email: licensees.email,
    })
    .from(licensees)
    .where(and(eq(licensees.accountId, accountId), ilike(licenseeSearchText(licensees), `%${escapeLike(text)}%`)))
    .orderBy(...byName)
    .limit(LICENSEE_MATCHES);
  return rows.map((l) => ({ id: l.id, name: licenseeName(l), email: l.email }));
}
