import { desc } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statutoryRates } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";

/** Hundredths of a cent as cents with 2 decimals (1310 → "13.10"). */
export const formatCents = (hundredthsOfCent: number) =>
  `${Math.floor(hundredthsOfCent / 100)}.${String(hundredthsOfCent % 100).padStart(2, "0")}`;

export function statutoryRateView(row: typeof statutoryRates.$inferSelect) {
  return {
    year: row.year,
    perCopyCents: formatCents(row.perCopy),
    perMinuteCents: formatCents(row.perMinute),
    /** Null for the rates the service was set up with. */
    enteredBy: row.enteredByName,
    dateAdded: row.dateAdded.toISOString(),
  };
}
export type StatutoryRateView = ReturnType<typeof statutoryRateView>;

/**
 * GET /api/statutory-rates and the staff's Statutory rates page: every year's rates, latest first, and the year to
 * enter next (years are entered in order; a release in a later year is priced provisionally at the latest rate).
 */
export async function listStatutoryRates(db: Conn, actor: Actor) {
  // Those who pay and price royalties; licensees see no money.
  requireRole(actor, ["client", "employee"], "see the statutory rates");
  const rows = await db.select().from(statutoryRates).orderBy(desc(statutoryRates.year));
  const latest = rows[0]?.year;
  return { items: rows.map(statutoryRateView), nextYear: latest === undefined ? null : latest + 1 };
}
export type StatutoryRatesList = Awaited<ReturnType<typeof listStatutoryRates>>;
