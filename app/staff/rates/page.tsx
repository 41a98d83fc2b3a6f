import type { Metadata } from "next";
import { ActionForm } from "@/components/money/action-form";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDate } from "@/lib/formatting";
import { listStatutoryRates } from "@/lib/royalties/statutory-rates-view";
import { enterStatutoryRatesAction } from "./actions";

export const metadata: Metadata = { title: "Statutory rates" };

export default async function StatutoryRatesPage() {
  const { actor } = await requireStaffPage();
  const rates = await listStatutoryRates(await getDb(), actor);
  const latest = rates.items[0];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Statutory rates"
        description={
          "The mechanical royalty rates per year, as the Copyright Royalty Board publishes them. A statutory format released in a " +
          "year without rates is priced at the latest year's rate and marked provisional until that year's rates are entered here."
        }
      />
      <section aria-labelledby="rates-heading" className={cardClass}>
        <h2 id="rates-heading" className="mb-2 text-lg font-semibold">
          Rates by year
        </h2>
        <table className="w-full text-left text-sm" data-testid="statutory-rates">
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-1">
                Year
              </th>
              <th scope="col" className="py-1 text-right">
                Per copy
              </th>
              <th scope="col" className="py-1 text-right">
                Per minute
              </th>
              <th scope="col" className="py-1 pl-4">
                Entered
              </th>
            </tr>
          </thead>
          <tbody>
            {rates.items.map((r) => (
              <tr key={r.year} className="border-t border-slate-100">
                <td className="py-1">{r.year}</td>
                <td className="py-1 text-right tabular-nums">{r.perCopyCents}¢</td>
                <td className="py-1 text-right tabular-nums">{r.perMinuteCents}¢</td>
                <td className="py-1 pl-4 text-slate-600">
                  {r.enteredBy ? `${r.enteredBy}, ${formatDate(r.dateAdded)}` : "Set up with the service"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {rates.nextYear !== null ? (
        <section aria-labelledby="enter-heading" className={cardClass}>
          <h2 id="enter-heading" className="mb-2 text-lg font-semibold">
            Enter the {rates.nextYear} rates
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            Every provisional royalty is repriced at once: requests not invoiced yet quote the new amount; invoiced ones
            owing more wait in Billing for a top-up invoice, those owing less have the difference credited to the
            client&apos;s balance. Issued invoices never change, and a year&apos;s rates cannot be changed once entered:
            check them against the published notice.
          </p>
          <ActionForm
            action={enterStatutoryRatesAction}
            submitLabel={`Enter the ${rates.nextYear} rates`}
            pendingLabel="Repricing…"
            successMessage="Entered: provisional royalties are repriced."
          >
            <input type="hidden" name="year" value={rates.nextYear} />
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="text-sm font-medium">
                Per copy (cents)
                <input
                  name="perCopy"
                  inputMode="decimal"
                  required
                  placeholder={latest?.perCopyCents}
                  className={inputClass}
                />
              </label>
              <label className="text-sm font-medium">
                Per minute of playing time or part (cents)
                <input
                  name="perMinute"
                  inputMode="decimal"
                  required
                  placeholder={latest?.perMinuteCents}
                  className={inputClass}
                />
              </label>
            </div>
          </ActionForm>
        </section>
      ) : null}
    </div>
  );
}
