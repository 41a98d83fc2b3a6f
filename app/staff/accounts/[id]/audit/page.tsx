import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditList } from "@/components/audit/audit-list";
import { Pager } from "@/components/pager";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { getAccount } from "@/lib/accounts/get-account";
import { AUDIT_PAGE_SIZE, auditQuery, type AuditQuery } from "@/lib/audit/audit-query";
import { listAuditEvents, listAuditFacets } from "@/lib/accounts/list-audit-events";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { orNotFound } from "@/lib/forms/or-not-found";
import { searchParamsObject } from "@/lib/forms/search-params";
import { pathId } from "@/lib/http/responses";

export const metadata: Metadata = { title: "Audit trail" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountAuditPage({ params, searchParams }: Props) {
  const { actor } = await requireStaffPage();
  const db = await getDb();
  const account = await orNotFound(async () => getAccount(db, actor, pathId((await params).id, "Account")));
  const parsed = auditQuery.safeParse(searchParamsObject(await searchParams));
  const query = parsed.success ? parsed.data : auditQuery.parse({});
  const [events, facets] = await Promise.all([
    listAuditEvents(db, actor, {
      accountId: account.id,
      ...query,
      offset: (query.page - 1) * AUDIT_PAGE_SIZE,
      limit: AUDIT_PAGE_SIZE,
    }),
    listAuditFacets(db, actor, account.id),
  ]);
  const base = `/staff/accounts/${account.id}/audit`;
  return (
    <div className="space-y-4">
      <PageHeader
        title={`Audit trail: ${account.name}`}
        description={
          <>
            Who did what on this account, newest first.{" "}
            <Link href={`/staff/accounts/${account.id}`}>Back to the account</Link>
          </>
        }
      />
      {parsed.success ? null : (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Some filters in the address were not understood; showing the whole trail instead.
        </p>
      )}
      <AuditFilters action={base} query={query} facets={facets} />
      <p className="text-sm text-slate-600" role="status">
        {events.total === 1 ? "1 event" : `${events.total} events`}
        {query.entity || query.entityId || query.person ? " match these filters" : ""}.
      </p>
      <AuditList events={events.items} />
      <Pager
        page={query.page}
        pageSize={AUDIT_PAGE_SIZE}
        total={events.total}
        hrefFor={(page) => auditHref(base, query, page)}
      />
    </div>
  );
}

function auditHref(base: string, query: AuditQuery, page: number): string {
  const params = new URLSearchParams({ page: String(page) });
  if (query.entity) params.set("entity", query.entity);
  if (query.entityId) params.set("entityId", query.entityId);
  if (query.person) params.set("person", query.person);
  return `${base}?${params.toString()}`;
}
