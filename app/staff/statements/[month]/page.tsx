import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ActionButton } from "@/components/action-button";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDateTime, formatUsd } from "@/lib/formatting";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathMonth } from "@/lib/statements/schemas";
import { readStatementRun } from "@/lib/statements/staff-statements";
import { markPayoutsPaidAction } from "../actions";

type Props = { params: Promise<{ month: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Statements ${(await params).month}` };
}

export default async function StatementMonthPage({ params }: Props) {
  const { actor } = await requireStaffPage();
  const db = await getDb();
  const run = await orNotFound(async () => readStatementRun(db, actor, pathMonth((await params).month)));
  const batch = run.payoutBatch;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Statements ${run.month}`}
        description={
          <>
            Covers the royalties posted up to the month&apos;s end, {formatDateTime(run.cutoff)}; payouts due by{" "}
            {batch.dueOn ?? "the 20th of the next month"}.{" "}
            <Link className="underline" href="/staff/statements">
              All months
            </Link>
          </>
        }
      />
      <section aria-labelledby="owners-heading" className="space-y-2">
        <h2 id="owners-heading" className="text-lg font-semibold">
          Statements of account
        </h2>
        {run.statements.length === 0 ? (
          <p className="text-slate-600">No royalty was posted to any owner in the month.</p>
        ) : (
          <ul className="space-y-1">
            {run.statements.map((s) => (
              <li key={`${s.ownerId}-${s.licenseeId}`}>
                {s.ownerName} from {s.licenseeName ?? "all licensees"}: earned {formatUsd(s.earned)}, owed in all{" "}
                {formatUsd(s.owed)}
                {s.licenseeId ? (
                  <>
                    {" "}
                    ·{" "}
                    <a
                      className="underline"
                      href={`/api/statements/${run.month}/owners/${s.ownerId}/licensees/${s.licenseeId}/pdf`}
                      aria-label={`Statement of ${s.licenseeName} to ${s.ownerName} (PDF)`}
                    >
                      PDF
                    </a>{" "}
                    ·{" "}
                    <a
                      className="underline"
                      href={`/api/statements/${run.month}/owners/${s.ownerId}/licensees/${s.licenseeId}/csv`}
                      aria-label={`Statement of ${s.licenseeName} to ${s.ownerName} (CSV)`}
                    >
                      CSV
                    </a>{" "}
                    · annual{" "}
                    <a
                      className="underline"
                      href={`/api/annual-statements/${run.month.slice(0, 4)}/owners/${s.ownerId}/licensees/${s.licenseeId}/pdf`}
                      aria-label={`Annual statement ${run.month.slice(0, 4)} of ${s.licenseeName} to ${s.ownerName} (PDF)`}
                    >
                      PDF
                    </a>{" "}
                    ·{" "}
                    <a
                      className="underline"
                      href={`/api/annual-statements/${run.month.slice(0, 4)}/owners/${s.ownerId}/licensees/${s.licenseeId}/csv`}
                      aria-label={`Annual statement ${run.month.slice(0, 4)} of ${s.licenseeName} to ${s.ownerName} (CSV)`}
                    >
                      CSV
                    </a>{" "}
                    (once the year has ended)
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="payouts-heading" className={cardClass}>
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payout batch: {formatUsd(batch.total)} to {batch.items.length} {batch.items.length === 1 ? "owner" : "owners"}
        </h2>
        <ul className="my-2 space-y-1 text-sm">
          {batch.items.map((i) => (
            <li key={i.ownerId}>
              {i.ownerName}
              {i.ownerEmail ? ` (${i.ownerEmail})` : ""}: {formatUsd(i.amount)}
              {i.lateFee !== "0.00" ? ` + late fee ${formatUsd(i.lateFee)}` : ""}
              {i.paidAt ? `, paid ${formatDateTime(i.paidAt)}` : ""}
            </li>
          ))}
        </ul>
        {batch.held.length ? (
          <>
            <h3 className="mt-3 font-semibold">Held: not in the bank upload, still owed</h3>
            <ul className="my-2 space-y-1 text-sm">
              {batch.held.map((h) => (
                <li key={h.ownerId}>
                  {h.ownerName}: {formatUsd(h.amount)}, held: {h.reason}
                  {h.overdue ? `; overdue since ${h.dueOn}, late fee so far ${formatUsd(h.lateFee)}` : ""} (enter them
                  in{" "}
                  <Link className="underline" href="/staff/owners">
                    Owner balances
                  </Link>
                  , then mark the batch paid again)
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="text-sm">
          <a className="underline" href={`/api/statements/${run.month}/payouts/csv`}>
            Payout batch (CSV for the bank)
          </a>
        </p>
        {batch.paidAt ? (
          <p className="mt-2 text-sm text-emerald-800">
            Paid on {formatDateTime(batch.paidAt)} (marked by {batch.paidBy}).
          </p>
        ) : null}
        {batch.items.some((i) => !i.paidAt) ? (
          <div className="mt-3">
            <ActionButton
              action={markPayoutsPaidAction.bind(null, run.month)}
              label="Mark the batch paid"
              pendingLabel="Marking…"
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}
