"use client";

import { useWatch } from "react-hook-form";
import { formatLength, formatMonth, formatUsd } from "@/lib/formatting";
import { cardClass } from "@/components/ui/styles";
import { earliestReleaseMonth } from "@/lib/releases/release-date";
import { roundToCents } from "@/lib/money/amounts";
import { quoteFee, type FeeQuoteSchedule } from "@/lib/money/fee-rules";
import { computeRoyalty, formatPerUnit, formatTotal, type RateTable } from "@/lib/royalties/compute-royalty";
import type { LicenseeAlbums } from "./use-licensee-albums";
import type { LicenseeOption } from "./licensee-step";
import type { ServiceDay } from "./release-month-check";
import { usesExistingAlbum, type TrackValues, type WizardValues } from "./wizard-values";

type Row = { key: string; label: string; title: string; length: number | null; medleyWhole: boolean };

/** The requests the wizard will file, in filing order: each track, a medley's whole followed by its parts. */
function rowsOf(values: WizardValues): Row[] {
  const length = (t: TrackValues) => (t.lengthInSeconds.trim() === "" ? null : Number(t.lengthInSeconds));
  return values.tracks.flatMap((t, i) => [
    { key: `${i}`, label: `Track ${i + 1}${t.medley ? " (medley as a whole)" : ""}`, title: t.song.title, length: length(t), medleyWhole: t.medley },
    ...(t.medley
      ? t.parts.map((p, j) => ({ key: `${i}.${j}`, label: `Track ${i + 1}, part ${j + 1}`, title: p.song.title, length: length(p), medleyWhole: false }))
      : []),
  ]);
}

export function ReviewStep({
  licensees,
  albums,
  rateTable,
  feeSchedule,
  today,
}: {
  licensees: LicenseeOption[];
  albums: LicenseeAlbums;
  rateTable: RateTable;
  feeSchedule: FeeQuoteSchedule;
  today: ServiceDay;
}) {
  const values = useWatch<WizardValues>() as WizardValues;
  const { release } = values;
  const format = rateTable.formats.get(Number(release.formatId));
  const quantity = Number(release.releaseQuantity);
  const month =
    release.dateMode === "chosen"
      ? { releaseMonth: Number(release.releaseMonth), releaseYear: Number(release.releaseYear) }
      : earliestReleaseMonth(today);
  const rows = rowsOf(values).map((row) => ({
    ...row,
    royalty:
      format && Number.isInteger(quantity) && quantity > 0
        ? computeRoyalty(rateTable, { formatId: Number(release.formatId), releaseYear: month.releaseYear, lengthInSeconds: row.length, quantity, medleyWhole: row.medleyWhole })
        : null,
    fee: roundToCents(quoteFee(feeSchedule, { kind: "initial", medleyWhole: row.medleyWhole })),
  }));
  const total = rows.reduce((sum, r) => sum + (r.royalty?.total ?? 0), 0);
  const due = rows.reduce((sum, r) => sum + (r.royalty ? roundToCents(r.royalty.total) : 0) + r.fee, 0);
  const licensee =
    values.licenseeMode === "existing"
      ? (licensees.find((l) => l.id === values.album.licensee.id)?.name ?? "—")
      : values.album.licensee.companyName || [values.album.licensee.firstName, values.album.licensee.lastName].filter(Boolean).join(" ");
  const album = usesExistingAlbum(values) && Array.isArray(albums) ? albums.find((a) => String(a.id) === values.album.id) : null;

  return (
    <div className="space-y-5">
      <dl className={`${cardClass} grid gap-4 sm:grid-cols-3`}>
        <div>
          <dt className="text-xs font-medium text-slate-600 uppercase">Licensee</dt>
          <dd className="mt-1">
            {licensee}
            {values.licenseeMode === "new" ? <span className="text-slate-600"> (new)</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600 uppercase">Album</dt>
          <dd className="mt-1">
            {album ? `${album.title} by ${album.artist}` : `${values.album.title} by ${values.album.artist}`}
            {album ? null : <span className="text-slate-600"> (new)</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600 uppercase">Release</dt>
          <dd className="mt-1">
            {quantity.toLocaleString("en-US")} × {format?.title ?? "—"}, {formatMonth(month.releaseMonth, month.releaseYear)}
            {release.dateMode === "auto" ? <span className="text-slate-600"> (automatic)</span> : null}
          </dd>
        </div>
      </dl>

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Requests to file, with their royalty estimate</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">Request</th>
              <th scope="col" className="px-3 py-2">Song</th>
              <th scope="col" className="px-3 py-2">Length</th>
              <th scope="col" className="px-3 py-2 text-right">Per unit</th>
              <th scope="col" className="px-3 py-2 text-right">Royalty</th>
              <th scope="col" className="px-3 py-2 text-right">Fee</th>
              <th scope="col" className="px-3 py-2 text-right">Amount due</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-slate-100">
                <td className="px-3 py-2 whitespace-nowrap text-slate-600">{r.label}</td>
                <td className="px-3 py-2">{r.title}</td>
                <td className="px-3 py-2">{formatLength(r.length) ?? "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.royalty ? formatUsd(formatPerUnit(r.royalty.perUnit)) : "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.royalty ? formatUsd(formatTotal(r.royalty.total)) : "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatUsd(formatTotal(r.fee))}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.royalty ? formatUsd(formatTotal(roundToCents(r.royalty.total) + r.fee)) : "—"}</td>
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
              <td className="px-3 py-2 text-right tabular-nums">{formatUsd(formatTotal(rows.reduce((sum, r) => sum + r.fee, 0)))}</td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="amount-due-total">
                {formatUsd(formatTotal(due))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        Statutory formats owe the greater of the per-copy rate and the per-minute rate times the length (rounded up to the
        minute); a missing length counts at the per-copy rate until you add it. The royalty is fixed once the song is
        researched. Our service fee per song is quoted now and kept; the amount due (royalty plus fee) is invoiced once
        the song is researched, and licensing begins when it is paid (volume discounts show on the invoice).
      </p>
    </div>
  );
}
