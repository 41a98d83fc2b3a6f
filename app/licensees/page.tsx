import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { z } from "zod";
import { Pager } from "@/components/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { searchParamsObject } from "@/lib/forms/search-params";
import { LICENSEES_PAGE_SIZE, listLicenseePage } from "@/lib/licensees/list-licensees";

export const metadata: Metadata = { title: "Licensees" };

const filters = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) });

export default async function LicenseesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireActor();
  const { page } = filters.parse(searchParamsObject(await searchParams));
  const { items: licensees, total } = await listLicenseePage(await getDb(), actor, page);
  return (
    <div>
      <PageHeader title="Licensees" description="The people and companies you file requests for." />
      {licensees.length === 0 ? (
        <EmptyState title="No licensees yet.">
          {actor.kind === "client" ? (
            <>
              A licensee is added with its first request: <Link href="/requests/new">file one</Link>.
            </>
          ) : null}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {licensees.map((l) => (
            <li key={l.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[2fr_2fr_auto] sm:items-baseline">
              <Link href={`/licensees/${l.id}`} className="font-medium break-words">
                {l.name}
              </Link>
              <span className="text-sm break-words text-slate-600">
                {[l.email, [l.city, l.country].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
              </span>
              <span className="text-sm text-slate-600">
                {l.albumCount} {l.albumCount === 1 ? "album" : "albums"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageSize={LICENSEES_PAGE_SIZE}
        total={total}
        hrefFor={(p) => (p > 1 ? `/licensees?page=${p}` : "/licensees")}
      />
    </div>
  );
}
