import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { statutoryRates } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { validationFailed } from "@/lib/errors";
import { creditRoyaltyExcess } from "@/lib/money/credit-royalty-excess";
import { formatTotal } from "@/lib/royalties/compute-royalty";
import { forgetRateTables, loadRateTable, lockRatesForEntry } from "@/lib/royalties/load-rate-table";
import type { StatutoryRatesInput } from "@/lib/royalties/rate-schemas";
import { recomputeRoyalties } from "@/lib/royalties/recompute-royalties";
import { formatCents, statutoryRateView, type StatutoryRateView } from "@/lib/royalties/statutory-rates-view";
import { recordStatusEvent } from "./record-status-event";
import { formatUsd } from "@/lib/formatting";

/** What entering a year's rates did: the rates, and how many requests were repriced and credited. */
export type EnteredStatutoryRates = StatutoryRateView & { repriced: number; credited: number };

/**
 * The staff's Statutory rates page (POST /api/statutory-rates): the next year's published rates, then, in the same
 * transaction, every request priced provisionally is repriced (those of that year at its rate, later years at it as
 * the new latest). A request not invoiced yet simply quotes the new amount; an invoiced one that now owes more is left
 * owing the difference (Billing's top-up, the next invoice holds it); one that owes less is credited the difference to
 * the client's balance (creditRoyaltyExcess): an issued invoice never changes. Licensed requests are repriced too:
 * copies distributed in a year owe that year's rate (docs/decisions/provisional-rates.md). Years are entered in order
 * and a year's rates, once entered, are not changed here.
 */
export async function enterStatutoryRates(
  db: Db,
  actor: Actor,
  input: StatutoryRatesInput,
): Promise<EnteredStatutoryRates> {
  const employee = requireEmployee(actor, "enter statutory rates");
  const entered = await db.transaction(async (tx) => {
    // No provisional royalty is written by anyone while the year goes in (confirmRateTable waits for this).
    await lockRatesForEntry(tx);
    const [latest] = await tx.select().from(statutoryRates).orderBy(desc(statutoryRates.year)).limit(1);
    if (latest && input.year <= latest.year) {
      const [existing] = await tx.select().from(statutoryRates).where(eq(statutoryRates.year, input.year));
      throw validationFailed([
        {
          path: "year",
          message: existing
            ? `${input.year} already has its rates (${formatCents(existing.perCopy)}¢ per copy, ${formatCents(existing.perMinute)}¢ per minute): a year's rates are not changed`
            : `must be after ${latest.year}, the latest year with rates`,
        },
      ]);
    }
    if (latest && input.year !== latest.year + 1)
      throw validationFailed([
        { path: "year", message: `must be ${latest.year + 1}: years are entered in order, after ${latest.year}` },
      ]);
    const [row] = await tx
      .insert(statutoryRates)
      .values({
        year: input.year,
        perCopy: input.perCopy,
        perMinute: input.perMinute,
        enteredByName: employee.name,
      })
      .returning();
    // This transaction's first read of the table: it holds the new year.
    const table = await loadRateTable(tx);
    const recomputed = await recomputeRoyalties(tx, table, { provisional: true });
    let credited = 0;
    // Accounts' money is locked in one order (the requests are already locked, in id order).
    const lowered = recomputed
      .filter((r) => r.after < r.before)
      .sort((a, b) => a.accountId - b.accountId || a.id - b.id);
    for (const r of lowered) {
      if ((await creditRoyaltyExcess(tx, r, `royalty lowered by the published ${input.year} rate`)) > 0) credited += 1;
    }
    for (const r of recomputed.filter((r) => r.after !== r.before)) {
      await recordStatusEvent(tx, employee, {
        requestId: r.id,
        fromCode: r.statusCode,
        toCode: r.statusCode,
        note: `Royalty repriced ${r.provisional ? "at the latest published rate" : `at the published ${input.year} rate`}: ${formatUsd(formatTotal(r.before))} → ${formatUsd(formatTotal(r.after))}.`,
      });
    }
    await recordAudit(tx, employee, {
      action: "statutory_rates.entered",
      entityType: "statutory_rates",
      entityId: input.year,
      accountId: null,
      detail: { perCopy: input.perCopy, perMinute: input.perMinute, repriced: recomputed.length, credited },
    });
    return { ...statutoryRateView(row!), repriced: recomputed.length, credited };
  });
  // Every handle of this process reads the new year from now on; other processes' provisional filings re-read it.
  forgetRateTables();
  return entered;
}
