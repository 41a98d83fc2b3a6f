import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { now, serviceDate, serviceTimeZone } from "@/lib/clock";
import { DomainError } from "@/lib/errors";

/** A statement month, `YYYY-MM`. */
export const monthSchema = z
  .string({ error: 'must be a month such as "2026-11"' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as "2026-11"');

/** The last month that has ended in the service's calendar: the one a run is made for. */
export function lastEndedMonth(at: Date = now()): string {
  const d = serviceDate(at);
  return d.month === 1 ? `${d.year - 1}-12` : `${d.year}-${String(d.month - 1).padStart(2, "0")}`;
}

/** The instants a month begins and ends (midnight starting it and the next), in the service's calendar. */
export async function monthBounds(db: Conn, month: string): Promise<{ start: Date; end: Date }> {
  const first = `${month}-01`;
  const zone = serviceTimeZone();
  const result = await db.execute<{ s: string | Date; e: string | Date }>(
    sql`select (${first}::date::timestamp at time zone ${zone}) as s,
      ((${first}::date + interval '1 month')::timestamp at time zone ${zone}) as e`,
  );
  return { start: new Date(result.rows[0]!.s), end: new Date(result.rows[0]!.e) };
}

/** Statements cover a whole month of the service's calendar, so one is made only once the month has ended. */
export function refuseUnended(what: string, end: Date): void {
  if (end <= now()) return;
  throw new DomainError(
    "month_not_ended",
    `${what} has not ended yet in the service's calendar; its statements can be made from ${end.toISOString()}.`,
  );
}
