import { formatLength, formatUsd } from "@/lib/formatting";
import { roundToCents } from "@/lib/money/amounts";
import { quoteFee, type FeeQuoteSchedule } from "@/lib/money/fee-rules";
import { earliestReleaseMonth } from "@/lib/releases/release-date";
import {
  computeRoyalty,
  formatPerUnit,
  formatTotal,
  latestRateYear,
  provisionalReason,
  type RateTable,
} from "@/lib/royalties/compute-royalty";
import type { ServiceDay } from "./release-month-check";
import type { ReleaseValues } from "./wizard-values";
import { tableBoxClass } from "@/components/ui/styles";

/** One request to file: which track, its song and length, and whether it is a medley as a whole (no royalty). */
export type EstimateRow = { key: string; label: string; title: string; length: number | null; medleyWhole: boolean };

type EstimatedRow = EstimateRow & { royalty: ReturnType<typeof computeRoyalty> | null; fee: number };

/** How the service fee is quoted: the current schedule, and whether the requests are first filings or reorders. */
export type FeeQuote = { schedule: FeeQuoteSchedule; kind: "initial" | "reorder" };

/**
 * The royalty and service fee of each request a new release would file, by the rate table and fee schedule the
 * server uses, and their totals.
 */
export function estimateRoyalties(
  rateTable: RateTable,
  fees: FeeQuote,
  release: ReleaseValues,
  today: ServiceDay,
  rows: EstimateRow[],
) {
  const format = rateTable.formats.get(Number(release.formatId));
  const quantity = Number(release.releaseQuantity);
  const month =
    release.dateMode === "chosen"
      ? { releaseMonth: Number(release.releaseMonth), releaseYear: Number(release.releaseYear) }
      : earliestReleaseMonth(today);
  const estimated: EstimatedRow[] = rows.map((row) => ({
    ...row,
    royalty:
      format && Number.isInteger(quantity) && quantity > 0
        ? computeRoyalty(rateTable, {
            formatId: Number(release.formatId),
            releaseYear: month.releaseYear,
            lengthInSeconds: row.length,
            quantity,
            medleyWhole: row.medleyWhole,
          })
        : null,
    fee: roundToCents(quoteFee(fees.schedule, { kind: fees.kind, medleyWhole: row.medleyWhole })),
  }));
  return {
    format,
    quantity,
    month,
    rows: estimated,
    total: estimated.reduce((sum, r) => sum + (r.royalty?.total ?? 0), 0),
    fees: estimated.reduce((sum, r) => sum + r.fee, 0),
    due: estimated.reduce((sum, r) => sum + (r.royalty ? roundToCents(r.royalty.total) : 0) + r.fee, 0),
    provisionalReason: estimated.some((r) => r.royalty?.provisional)
      ? provisionalReason(month.releaseYear, latestRateYear(rateTable))
      : undefined,
  };
}

/** The requests to file with their royalty, fee and amount due, and the totals. */
export function RoyaltyTable({
  rows,
  total,
  fees,
  due,
  provisionalReason,
}: {
  rows: EstimatedRow[];
  total: number;
  fees: number;
  due: number;
  /** Set when the release year has no published rate yet: the royalties are provisional, and why. */
  provisionalReason?: string;
}) {
  return (
    <>
      <div className={tableBoxClass}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Requests to file, with their royalty estimate</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Request
              </th>
              <th scope="col" className="px-3 py-2">
                Song
              </th>
              <th scope="col" className="px-3 py-2">
                Length
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Per unit
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Royalty
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Fee
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Amount due
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-slate-100">
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">{r.label}</td>
                <td className="px-3 py-2">{r.title}</td>
                <td className="px-3 py-2">{formatLength(r.length) ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {r.royalty ? formatUsd(formatPerUnit(r.royalty.perUnit)) : "—"}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {r.royalty ? formatUsd(formatTotal(r.royalty.total)) : "—"}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatUsd(formatTotal(r.fee))}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {r.royalty ? formatUsd(formatTotal(roundToCents(r.royalty.total) + r.fee)) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-200 font-semibold">
              <th scope="row" colSpan={4} className="px-3 py-2 text-right">
                Estimated total ({rows.length} {rows.length === 1 ? "request" : "requests"})
              </th>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="royalty-total">
                {formatUsd(formatTotal(total))}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatUsd(formatTotal(fees))}</td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="amount-due-total">
                {formatUsd(formatTotal(due))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {provisionalReason ? (
        <p role="note" className="text-sm text-amber-800" data-testid="royalty-provisional">
          Provisional royalties. {provisionalReason}: a higher rate is invoiced as a top-up, a lower one credited to
          your balance.
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        Statutory formats owe the greater of the per-copy rate and the per-minute rate times the length (rounded up to
        the minute); a missing length counts at the per-copy rate until you add it. The royalty is fixed once the song
        is researched. Our service fee per song is quoted now and kept; the amount due (royalty plus fee) is invoiced
        once the song is researched, and licensing begins when it is paid (volume discounts show on the invoice). On a
        physical format, if an owner can&apos;t be found, the Copyright Office&apos;s filing fee per title is billed too
        (the request page shows the amount).
      </p>
    </>
  );
}
