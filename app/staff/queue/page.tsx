import type { Metadata } from "next";
import { Pager } from "@/components/pager";
import { BulkStatusForm } from "@/components/staff/bulk-status-form";
import { QueueFilters } from "@/components/staff/queue-filters";
import { QueueTable } from "@/components/staff/queue-table";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { searchParamsObject } from "@/lib/forms/search-params";
import { deadlineWindow } from "@/lib/licensing/notice-due-on";
import { listEmployees } from "@/lib/staff/list-employees";
import { listQueue, queueAccounts } from "@/lib/staff/list-queue";
import { describeQueueOrder, queueHref, queueQuery } from "@/lib/staff/queue-query";
import { bulkStatusAction } from "./actions";

export const metadata: Metadata = { title: "Licensing queue" };

// The table's checkboxes belong to the bulk bar's form through this id.
const BULK_FORM_ID = "queue-bulk";

export default async function QueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const parsed = queueQuery.safeParse(searchParamsObject(await searchParams));
  const query = parsed.success ? parsed.data : queueQuery.parse({});
  const db = await getDb();
  const [{ items, total, pageSize }, accounts, employees] = await Promise.all([
    listQueue(db, actor, query),
    queueAccounts(db, actor),
    listEmployees(db, actor),
  ]);
  return (
    <div>
      <h1 className="mb-1 text-2xl font-semibold">Licensing queue</h1>
      <p className="mb-4 text-sm text-slate-600">
        {total === 1 ? "1 request" : `${total} requests`}, {describeQueueOrder(query)}.
      </p>
      {parsed.success ? null : (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters in the address were not understood; showing the open requests instead.
        </p>
      )}
      <QueueFilters query={query} accounts={accounts} employees={employees} />
      {/* Kept when the view empties: the results stay readable after every moved request left the filtered view. */}
      <BulkStatusForm id={BULK_FORM_ID} today={deadlineWindow().today} action={bulkStatusAction} />
      <QueueTable items={items} query={query} selectFor={BULK_FORM_ID} />
      <Pager page={query.page} pageSize={pageSize} total={total} hrefFor={(page) => queueHref(query, { page })} />
    </div>
  );
}
