import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionForm } from "@/components/money/action-form";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDateTime, formatUsd } from "@/lib/formatting";
import { currentMonth } from "@/lib/statements/month";
import { readStatementRuns } from "@/lib/statements/staff-statements";
import { runStatementsAction } from "./actions";

export const metadata: Metadata = { title: "Statements" };

export default async function StatementsPage() {
  const { actor } = await requireStaffPage();
  const runs = await readStatementRuns(await getDb(), actor);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Statements"
        description="Once a month: a statement of account per copyright owner (PDF and CSV) and a payout batch of what is owed above the minimum. Running a month again changes nothing."
      />
      <section aria-labelledby="run-heading" className={cardClass}>
        <h2 id="run-heading" className="mb-2 text-lg font-semibold">
          Run a month
        </h2>
        <ActionForm
          action={runStatementsAction}
          submitLabel="Make statements"
          pendingLabel="Making…"
          successMessage="Statements made (or already there)."
        >
          <label className="block max-w-xs text-sm font-medium">
            Month
            <input name="month" type="month" defaultValue={currentMonth()} required className={inputClass} />
          </label>
        </ActionForm>
        <p className="mt-2 text-sm text-slate-600">
          The same as <code>npm run statements -- --month YYYY-MM</code>. A month not over yet is covered up to now.
        </p>
      </section>
      <section aria-labelledby="runs-heading" className="space-y-2">
        <h2 id="runs-heading" className="text-lg font-semibold">
          Months run
        </h2>
        {runs.length === 0 ? (
          <p className="text-slate-600">None yet.</p>
        ) : (
          <ul className="space-y-1">
            {runs.map((r) => (
              <li key={r.month}>
                <Link className="underline" href={`/staff/statements/${r.month}`}>
                  {r.month}
                </Link>
                : covers up to {formatDateTime(r.cutoff)}; payouts {formatUsd(r.payoutTotal)}
                {r.paidAt ? ", paid" : ", not paid yet"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
