import { env } from "@/env";
import { isoDay, now } from "@/lib/clock";

/** The day a new invoice is due: the service's today plus PAYMENT_TERMS_DAYS (fixed on the invoice when issued). */
export function invoiceDueOn(at: Date = now(), termsDays = env().PAYMENT_TERMS_DAYS): string {
  const day = new Date(`${isoDay(at)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + termsDays);
  return day.toISOString().slice(0, 10);
}
