import { ActionForm } from "@/components/money/action-form";
import { cardClass, inputClass } from "@/components/ui/styles";
import type { FormResult } from "@/lib/forms/form-result";
import { REORDER_MARGINS, levelOf, reorderUnits, type FormatSales, type ShortfallPlan } from "@/lib/sales/sales-levels";
import { SalesChart } from "./sales-chart";

type Action = (data: FormData) => Promise<FormResult<unknown>>;

const percent = (sold: number, licensed: number) =>
  licensed === 0 ? "no units licensed" : `${Math.round((sold * 100) / licensed)} %`;

/**
 * The album page's sales: the upload (client staff), and per format each track's units sold against its licensed
 * units, the 80 % notice or the over-quantity warning with its one-click reorder, and the chart.
 */
export function SalesSection({
  sales,
  releases,
  trackTitle,
  formatTitle,
  upload,
  reorder,
}: {
  sales: FormatSales[];
  releases: { id: number; label: string }[];
  trackTitle: (trackId: number) => string;
  formatTitle: (formatId: number) => string;
  upload: Action | null;
  reorder: ((formatId: number) => Action) | null;
}) {
  return (
    <section aria-labelledby="sales-heading" className="space-y-4">
      <h2 id="sales-heading" className="text-lg font-semibold">
        Sales
      </h2>
      {upload && releases.length > 0 ? (
        <div className={cardClass}>
          <h3 id="sales-upload-heading" className="mb-2 font-semibold">
            Upload sales report
          </h3>
          <p className="mb-3 text-sm text-slate-700">
            A CSV file with a header row and the columns date (YYYY-MM-DD), isrc, externalTrackId or trackId, store,
            units and format (the release&apos;s). Up to 1 MB and 5000 lines; a report with any bad line is refused
            whole.
          </p>
          <ActionForm
            action={upload}
            submitLabel="Upload sales report"
            pendingLabel="Uploading…"
            successMessage="Sales report added."
            labelledBy="sales-upload-heading"
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm font-medium text-slate-800">
                Release
                <select name="releaseId" className={inputClass} defaultValue={releases.at(-1)?.id}>
                  {releases.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm font-medium text-slate-800">
                Sales report (CSV)
                <input type="file" name="report" accept=".csv,text/csv" required className={inputClass} />
              </label>
            </div>
          </ActionForm>
        </div>
      ) : null}
      {sales.length === 0 ? <p className="text-sm text-slate-600">No sales reported yet.</p> : null}
      {sales.map((f) => (
        <div key={f.formatId} className={`${cardClass} space-y-3`}>
          <h3 className="font-semibold">{formatTitle(f.formatId)}</h3>
          <Notice sales={f} trackTitle={trackTitle} />
          {f.plan && f.plan.uncovered > 0 && reorder ? (
            <ReorderForm plan={f.plan} action={reorder(f.formatId)} focusAfter={warningId(f.formatId)} />
          ) : null}
          <table className="text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="pr-6">
                  Track
                </th>
                <th scope="col" className="pr-6">
                  Sold
                </th>
                <th scope="col" className="pr-6">
                  Licensed
                </th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {f.standings.map((s) => (
                <tr key={s.trackId}>
                  <td className="pr-6">{trackTitle(s.trackId)}</td>
                  <td className="pr-6 tabular-nums">{s.sold}</td>
                  <td className="pr-6 tabular-nums">{s.licensed}</td>
                  <td className="tabular-nums">{percent(s.sold, s.licensed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <SalesChart
            id={`sales-chart-${f.formatId}`}
            title={`Units of “${trackTitle(f.chart.trackId)}” sold over time against its licensed units (${formatTitle(f.formatId)})`}
            licensed={f.chart.licensed}
            points={f.chart.points}
          />
        </div>
      ))}
    </section>
  );
}

/** The over-quantity warning of a format: the focus goes there after the one-click reorder, whose form then leaves. */
const warningId = (formatId: number) => `sales-warning-${formatId}`;

function ReorderForm({ plan, action, focusAfter }: { plan: ShortfallPlan; action: Action; focusAfter: string }) {
  return (
    <ActionForm
      action={action}
      submitLabel="Reorder now"
      pendingLabel="Reordering…"
      successMessage="Reorder filed: its requests are listed under the tracks."
      focusAfter={focusAfter}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">
          Margin on top of the missing units (a share of the units sold)
        </legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {REORDER_MARGINS.map((m) => (
            <label key={m} className="inline-flex items-center gap-1.5">
              <input type="radio" name="marginPercent" value={m} defaultChecked={m === 10} />
              {m} % ({reorderUnits(plan, m)} units)
            </label>
          ))}
        </div>
      </fieldset>
    </ActionForm>
  );
}

function Notice({ sales, trackTitle }: { sales: FormatSales; trackTitle: (trackId: number) => string }) {
  const { plan } = sales;
  if (plan) {
    const which =
      plan.tracksOver > 1
        ? `${plan.tracksOver} tracks sold more than licensed; the reorder covers the largest shortfall, “${trackTitle(plan.trackId)}” (${plan.shortfall} units), for every track of the album.`
        : `“${trackTitle(plan.trackId)}” sold ${plan.sold} of ${plan.licensed} licensed units (${plan.shortfall} units short).`;
    return (
      <div
        id={warningId(sales.formatId)}
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-950"
      >
        <p className="font-semibold">Over licensed quantity</p>
        <p>
          {which}{" "}
          {plan.pending === 0
            ? "License more units to cover them."
            : plan.uncovered === 0
              ? `A reorder of ${plan.pending} units is being licensed and covers them.`
              : `${plan.pending} units are being licensed; ${plan.uncovered} more are needed.`}
        </p>
      </div>
    );
  }
  if (sales.level !== 80) return null;
  const near = sales.standings
    .filter((s) => levelOf(s) === 80)
    .map((s) => `“${trackTitle(s.trackId)}” (${s.sold} of ${s.licensed})`);
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">80 % of licensed units sold</p>
      <p>{near.join(", ")}: consider licensing more units before they run out.</p>
    </div>
  );
}
