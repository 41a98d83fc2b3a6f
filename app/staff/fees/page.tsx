import type { Metadata } from "next";
import { ActionForm } from "@/components/money/action-form";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDate, formatUsd } from "@/lib/formatting";
import { getFeeSchedule } from "@/lib/money/fee-schedule-view";
import { updateFeeScheduleAction } from "./actions";

export const metadata: Metadata = { title: "Fee schedule" };

export default async function FeesPage() {
  const { actor } = await requireStaffPage();
  const schedule = await getFeeSchedule(await getDb(), actor);
  const rows = [0, 1, 2, 3].map((i) => schedule.tiers[i]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Fee schedule"
        description="Our service fee per song per format. A change applies to requests filed from then on; requests already filed keep the fee they were quoted."
      />
      <section aria-labelledby="current-heading" className={cardClass}>
        <h2 id="current-heading" className="text-lg font-semibold">
          In force since {formatDate(schedule.dateAdded)}
        </h2>
        <ul className="mt-2 space-y-1 text-sm" data-testid="fee-schedule">
          <li>
            {formatUsd(schedule.songFee)} per song per format; a medley part counts as its own song, a medley as a whole
            as none
          </li>
          <li>Reorders at {schedule.reorderPercent}% of the fee</li>
          {schedule.tiers.map((t) => (
            <li key={t.fromSong}>
              {t.discountPercent}% off the fee from the {t.fromSong}th song of an invoice
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-slate-600">Set by {schedule.changedBy}.</p>
      </section>
      <section aria-labelledby="change-heading" className={cardClass}>
        <h2 id="change-heading" className="mb-2 text-lg font-semibold">
          Change the schedule
        </h2>
        <ActionForm
          action={updateFeeScheduleAction}
          submitLabel="Save new schedule"
          pendingLabel="Saving…"
          successMessage="Saved: new requests are quoted with it."
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm font-medium">
              Fee per song per format (USD)
              <input
                name="songFee"
                defaultValue={schedule.songFee}
                inputMode="decimal"
                required
                className={inputClass}
              />
            </label>
            <label className="text-sm font-medium">
              Reorders, as a percentage of the fee
              <input
                name="reorderPercent"
                type="number"
                min={0}
                max={100}
                step="0.01"
                defaultValue={schedule.reorderPercent}
                required
                className={inputClass}
              />
            </label>
          </div>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm text-slate-700">Volume tiers (leave a row blank to drop it)</legend>
            {rows.map((t, i) => (
              <div key={i} className="contents">
                <label className="text-sm font-medium">
                  Tier {i + 1}: from song number
                  <input
                    name={`tier${i}.fromSong`}
                    type="number"
                    min={2}
                    defaultValue={t?.fromSong}
                    className={inputClass}
                  />
                </label>
                <label className="text-sm font-medium">
                  Tier {i + 1}: discount (%)
                  <input
                    name={`tier${i}.discountPercent`}
                    type="number"
                    min={0}
                    max={100}
                    step="0.01"
                    defaultValue={t?.discountPercent}
                    className={inputClass}
                  />
                </label>
              </div>
            ))}
          </fieldset>
        </ActionForm>
      </section>
    </div>
  );
}
