import { asc, count, eq, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, licensees } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { scoped } from "@/lib/scope";
import { licenseeName } from "@/lib/licensees/licensee-name";

/** The licensees the caller may see (a licensee: itself), by name, with how many albums each holds. */
export async function listLicensees(db: Conn, actor: Actor) {
  const rows = await db
    .select({
      id: licensees.id,
      companyName: licensees.companyName,
      firstName: licensees.firstName,
      lastName: licensees.lastName,
      email: licensees.email,
      city: licensees.city,
      country: licensees.country,
      albumCount: count(albums.id),
    })
    .from(licensees)
    .leftJoin(albums, eq(albums.licenseeId, licensees.id))
    .where(scoped(scopeOf(actor), { accountId: licensees.accountId, licenseeId: licensees.id }))
    .groupBy(licensees.id)
    .orderBy(asc(sql`lower(coalesce(${licensees.companyName}, ${licensees.lastName}, ''))`), asc(licensees.dateAdded));
  return rows.map((l) => ({ ...l, name: licenseeName(l) }));
}
