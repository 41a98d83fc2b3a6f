"use client";

import { useWatch } from "react-hook-form";
import type { LicenseeOption } from "@/components/licensees/licensee-search";
import { formatDay, formatMonth } from "@/lib/formatting";
import { cardClass } from "@/components/ui/styles";
import type { FeeQuoteSchedule } from "@/lib/money/fee-rules";
import { isStreamFormat } from "@/lib/releases/stream-outlets";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { LicenseeAlbums } from "./use-licensee-albums";
import type { ServiceDay } from "./release-month-check";
import { EligibilityCheck } from "./eligibility-check";
import { estimateRoyalties, RoyaltyTable, type EstimateRow } from "./royalty-table";
import { releaseValuesOf } from "./release-choice";
import { StreamLicenseNote } from "./release-step";
import { joinsExistingRelease, usesExistingAlbum, type TrackValues, type WizardValues } from "./wizard-values";

/** The requests the wizard will file, in filing order: each track, a medley's whole followed by its parts. */
function rowsOf(values: WizardValues): EstimateRow[] {
  const length = (t: TrackValues) => (t.lengthInSeconds.trim() === "" ? null : Number(t.lengthInSeconds));
  return values.tracks.flatMap((t, i) => [
    {
      key: `${i}`,
      label: `Track ${i + 1}${t.medley ? " (medley as a whole)" : ""}`,
      title: t.song.title,
      length: length(t),
      medleyWhole: t.medley,
    },
    ...(t.medley
      ? t.parts.map((p, j) => ({
          key: `${i}.${j}`,
          label: `Track ${i + 1}, part ${j + 1}`,
          title: p.song.title,
          length: length(p),
          medleyWhole: false,
        }))
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
  licensees: LicenseeOption[] | null;
  albums: LicenseeAlbums;
  rateTable: RateTable;
  feeSchedule: FeeQuoteSchedule;
  today: ServiceDay;
}) {
  const values = useWatch<WizardValues>() as WizardValues;
  const album =
    usesExistingAlbum(values) && Array.isArray(albums) ? albums.find((a) => String(a.id) === values.album.id) : null;
  const joined = joinsExistingRelease(values)
    ? album?.releases.find((r) => String(r.id) === values.releaseId)
    : undefined;
  const release = joined ? releaseValuesOf(joined) : values.release;
  const estimate = estimateRoyalties(
    rateTable,
    { schedule: feeSchedule, kind: "initial" },
    release,
    today,
    rowsOf(values),
  );
  const { format, quantity, month } = estimate;
  // What the notices will print of the new release (a joined release keeps its own).
  const details = joined
    ? []
    : [
        release.label?.trim() ? `Label: ${release.label.trim()}` : null,
        release.catalogNumber?.trim() ? `Catalog number: ${release.catalogNumber.trim()}` : null,
        format?.physical && release.manufactureDate ? `Made on ${formatDay(release.manufactureDate, "long")}` : null,
      ].filter((d): d is string => d !== null);
  const licensee =
    values.licenseeMode === "existing"
      ? values.licenseeName || licensees?.find((l) => l.id === values.album.licensee.id)?.name || "—"
      : values.album.licensee.companyName ||
        [values.album.licensee.firstName, values.album.licensee.lastName].filter(Boolean).join(" ");

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
            {quantity.toLocaleString("en-US")} × {format?.title ?? "—"},{" "}
            {formatMonth(month.releaseMonth, month.releaseYear)}
            {joined ? <span className="text-slate-600"> (existing release)</span> : null}
            {release.dateMode === "auto" ? <span className="text-slate-600"> (automatic)</span> : null}
            {details.map((d) => (
              <span key={d} className="block text-sm text-slate-600">
                {d}
              </span>
            ))}
          </dd>
        </div>
      </dl>

      <RoyaltyTable
        rows={estimate.rows}
        total={estimate.total}
        fees={estimate.fees}
        due={estimate.due}
        provisionalReason={estimate.provisionalReason}
      />
      {isStreamFormat(Number(release.formatId)) ? <StreamLicenseNote /> : null}
      <EligibilityCheck />
    </div>
  );
}
