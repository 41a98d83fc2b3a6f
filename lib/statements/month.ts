import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { now, serviceDate, serviceTimeZone } from "@/lib/clock";

/** A statement month, `YYYY-MM`. */
export const monthSchema = z
  .string({ error: 'must be a month such as "2026-11"' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as "2026-11"');

/** The month the service's calendar is in now. */
export function currentMonth(at: Date = now()): string {
  const d = serviceDate(at);
  return `${d.year}-${String(d.month).padStart(2, "0")}`;
}

/** The instant the month ends: midnight starting the next month, in the service's calendar. */
export async function monthEnd(db: Conn, month: string): Promise<Date> {
  const result = await db.execute<{ t: string | Date }>(
    sql`select ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${serviceTimeZone()}) as t`,
  );
  return new Date(result.rows[0]!.t);
}
