import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";

/**
 * The next invoice number of `year`: one counter row per year, bumped in the issuing transaction. The row lock
 * makes concurrent issuers wait for each other, and a transaction that rolls back gives its number back, so the
 * numbers have no gaps.
 */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<number> {
  const result = await tx.execute<{ last_number: number }>(
    sql`insert into invoice_counters (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = invoice_counters.last_number + 1
        returning last_number`,
  );
  return Number(result.rows[0]!.last_number);
}

/** YYYY-NNNNN (docs/product-rules.md, "Money"). */
export const invoiceNumber = (invoice: { year: number; number: number }) =>
  `${invoice.year}-${String(invoice.number).padStart(5, "0")}`;
