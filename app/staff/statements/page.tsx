import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionForm } from "@/components/money/action-form";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass, inputClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDateTime, formatUsd } from "@/lib/formatting";
import { lastEndedMonth } from "@/lib/statements/month";
import { readOverduePayouts, readStatementRuns } from "@/lib/statements/staff-statements";
import { runStatementsAction } from "./actions";

export const metadata: Metadata = { title: "Statements" };

export default async function StatementsPage() {
  const { actor } = await requireStaffPage();
  const db = await getDb();
  const [runs, overdue] = [await readStatementRuns(db, actor), await readOverduePayouts(db, actor)];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Statements"
        description="Once a month has ended: a statement of account per licensee per copyright owner (PDF and CSV) and a payout batch due by the 20th of the next month; paid later, a payout carries a late fee of 1.5% a month. Running a month again changes nothing."
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
            <input name="month" type="month" defaultValue={lastEndedMonth()} required className={inputClass} />
          </label>
        </ActionForm>
        <p className="mt-2 text-sm text-slate-600">
          The same as <code>npm run statements -- --month YYYY-MM</code>. Only a month that has ended can be run.
        </p>
      </section>
      {overdue.length ? (
        <section aria-labelledby="overdue-heading" className={cardClass}>
          <h2 id="overdue-heading" className="text-lg font-semibold">
            Overdue payouts
          </h2>
          <ul className="my-2 space-y-1 text-sm">
            {overdue.map((o) => (
              <li key={`${o.month}-${o.ownerId}`}>
                {o.ownerName}: {formatUsd(o.amount)} of {o.month}, due {o.dueOn}; late fee so far {formatUsd(o.lateFee)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
                : ended {formatDateTime(r.cutoff)}; payouts {formatUsd(r.payoutTotal)}
                {r.paidAt ? ", paid" : ", not paid yet"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
