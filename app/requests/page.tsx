import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Pager } from "@/components/pager";
import { RequestFilters } from "@/components/requests/request-filters";
import { RequestList } from "@/components/requests/request-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { LICENSEE_LIST_MOST, licenseeChoices } from "@/lib/licensees/list-licensees";
import { REQUESTS_PAGE_SIZE, requestSearchParams, searchRequests } from "@/lib/requests/search-requests";

export const metadata: Metadata = { title: "Requests" };

export default async function RequestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireActor();
  const search = requestSearchParams.parse(await searchParams);
  const db = await getDb();
  const [result, licensees] = await Promise.all([
    searchRequests(db, actor, search),
    actor.kind === "licensee" ? null : licenseeChoices(db, actor, LICENSEE_LIST_MOST),
  ]);
  const filtered = Boolean(search.status || search.licensee || search.q);
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    for (const key of ["status", "licensee", "q"] as const) if (search[key]) params.set(key, search[key]);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `/requests?${query}` : "/requests";
  };
  return (
    <div>
      <PageHeader
        title="Requests"
        description={`${result.total} ${result.total === 1 ? "request" : "requests"}${filtered ? (result.total === 1 ? " matches your filters" : " match your filters") : ""}.`}
        actions={
          actor.kind === "client" ? (
            <>
              <Link href="/licensees" className={buttonClass.secondary}>
                Licensees
              </Link>
              <Link href="/requests/new" className={buttonClass.primary}>
                New request
              </Link>
            </>
          ) : null
        }
      />
      <RequestFilters status={search.status} licensee={search.licensee} q={search.q} licensees={licensees} />
      {result.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No request matches these filters.">
            <Link href="/requests">Show all requests</Link>
          </EmptyState>
        ) : (
          <EmptyState title="No requests yet.">
            {actor.kind === "client" ? (
              <>
                File your first one with the <Link href="/requests/new">new-request wizard</Link> or through the API.
              </>
            ) : (
              "Requests filed for you will show here."
            )}
          </EmptyState>
        )
      ) : (
        <RequestList items={result.items} />
      )}
      <Pager page={result.page} pageSize={REQUESTS_PAGE_SIZE} total={result.total} hrefFor={hrefFor} />
    </div>
  );
}
