import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { z } from "zod";
import { InvoiceTable } from "@/components/money/invoice-table";
import { Pager } from "@/components/pager";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { searchParamsObject } from "@/lib/forms/search-params";
import { listInvoices } from "@/lib/money/invoice-view";

export const metadata: Metadata = { title: "Payments" };

const PAGE_SIZE = 50;
const STATES = ["open", "paid", "void"] as const;
const filters = z.object({
  status: z.enum(STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const { status = "open", page } = filters.parse(searchParamsObject(await searchParams));
  const { items, total } = await listInvoices(await getDb(), actor, {
    status,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const href = (s: string, p = 1) => `/staff/payments?status=${s}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <div className="space-y-4">
      <PageHeader
        title="Payments"
        description="Invoices of every client account. Open one to record a bank transfer or check, void it, or refund a balance."
      />
      <nav aria-label="Filter by state" className="flex flex-wrap gap-2 text-sm">
        {STATES.map((s) => (
          <Link
            key={s}
            href={href(s)}
            aria-current={s === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 no-underline ${s === status ? "border-indigo-700 bg-indigo-50" : "border-slate-300"}`}
          >
            {s[0]!.toUpperCase() + s.slice(1)}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="text-slate-600">No {status} invoices.</p>
      ) : (
        <InvoiceTable
          invoices={items}
          showAccount
          action={(i) => (
            <Link className="underline" href={`/staff/payments/${i.id}`} aria-label={`Open invoice ${i.number}`}>
              Open
            </Link>
          )}
        />
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(p) => href(status, p)} />
    </div>
  );
}
