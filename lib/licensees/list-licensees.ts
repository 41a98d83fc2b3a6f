import { asc, count, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, licensees } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { scoped } from "@/lib/scope";
import { licenseeName } from "@/lib/licensees/licensee-name";

export const LICENSEES_PAGE_SIZE = 50;
/** Past this many licensees a form offers no list to choose from, but a search by name (or, in a filter, the list's search). */
export const LICENSEE_LIST_MOST = 200;

const columns = {
  id: licensees.id,
  companyName: licensees.companyName,
  firstName: licensees.firstName,
  lastName: licensees.lastName,
  email: licensees.email,
  city: licensees.city,
  country: licensees.country,
};
/** Licensees in the order every list shows them: by name, then the oldest first. */
export const byName = [
  asc(sql`lower(coalesce(${licensees.companyName}, ${licensees.lastName}, ''))`),
  asc(licensees.dateAdded),
];
const inScope = (actor: Actor) => scoped(scopeOf(actor), { accountId: licensees.accountId, licenseeId: licensees.id });

/**
 * One page of the licensees the caller may see, by name, and how many there are. Albums are counted for the page's
 * licensees only: an account can hold tens of thousands of licensees.
 */
export async function listLicenseePage(db: Conn, actor: Actor, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(licensees)
      .where(inScope(actor))
      .orderBy(...byName)
      .offset((page - 1) * LICENSEES_PAGE_SIZE)
      .limit(LICENSEES_PAGE_SIZE),
    db.select({ n: count() }).from(licensees).where(inScope(actor)),
  ]);
  const ids = rows.map((l) => l.id);
  const counts = ids.length
    ? await db
        .select({ id: albums.licenseeId, n: count() })
        .from(albums)
        .where(inArray(albums.licenseeId, ids))
        .groupBy(albums.licenseeId)
    : [];
  const albumCount = new Map(counts.map((c) => [c.id, c.n]));
  return {
    items: rows.map((l) => ({ ...l, name: licenseeName(l), albumCount: albumCount.get(l.id) ?? 0 })),
    total: total?.n ?? 0,
  };
}

/**
 * The licensees to offer in a form's or a filter's list, by name, with their email; null when the caller may see more than `most` of them, where a
 * list would be too long to choose from (and to send): the search then finds a licensee by name.
 */
export async function licenseeChoices(db: Conn, actor: Actor, most: number) {
  const firstOnes = db
    .select({ id: licensees.id })
    .from(licensees)
    .where(inScope(actor))
    .limit(most + 1)
    .as("first_ones");
  const [seen] = await db.select({ n: count() }).from(firstOnes);
  if ((seen?.n ?? 0) > most) return null;
  const rows = await db
    .select({
      id: licensees.id,
      companyName: licensees.companyName,
      firstName: licensees.firstName,
      lastName: licensees.lastName,
      email: licensees.email,
    })
    .from(licensees)
    .where(inScope(actor))
    .orderBy(...byName);
  return rows.map((l) => ({ id: l.id, name: licenseeName(l), email: l.email }));
}
