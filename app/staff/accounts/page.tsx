import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { z } from "zod";
import { NewAccountForm } from "@/components/accounts/new-account-form";
import { Pager } from "@/components/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { RecentLockouts } from "@/components/accounts/recent-lockouts";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { listRecentLockouts } from "@/lib/auth/list-lockouts";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { formatDate } from "@/lib/formatting";
import { searchParamsObject } from "@/lib/forms/search-params";
import { createAccountAction } from "./actions";
import { tableBoxClass } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Client accounts" };

const PAGE_SIZE = 50;
const filters = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

export default async function AccountsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const { page } = filters.parse(searchParamsObject(await searchParams));
  const db = await getDb();
  const [{ items, total }, lockouts] = await Promise.all([
    listAccounts(db, actor, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    listRecentLockouts(db, actor),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Client accounts"
        description="The labels, distributors and apps that file requests, with their people and keys."
      />
      {items.length === 0 ? (
        <EmptyState title="No client accounts yet.">Open the first one below.</EmptyState>
      ) : (
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th className="px-3 py-2">Account</th>
                <th className="px-3 py-2">Client staff</th>
                <th className="px-3 py-2">Licensee users</th>
                <th className="px-3 py-2">Open invitations</th>
                <th className="px-3 py-2">API keys</th>
                <th className="px-3 py-2">Since</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <Link href={`/staff/accounts/${a.id}`}>{a.name}</Link>
                    {a.suspended ? (
                      <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
                        Suspended
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{a.counts.clientStaff}</td>
                  <td className="px-3 py-2">{a.counts.licenseeUsers}</td>
                  <td className="px-3 py-2">{a.counts.openInvitations}</td>
                  <td className="px-3 py-2">{a.counts.activeApiKeys}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(a.dateAdded)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(p) => `/staff/accounts?page=${p}`} />
      <NewAccountForm create={createAccountAction} />
      <RecentLockouts lockouts={lockouts} />
    </div>
  );
}
