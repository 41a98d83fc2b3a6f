import type { Metadata } from "next";
import { z } from "zod";
import { Pager } from "@/components/pager";
import { OpenNoticesTable } from "@/components/staff/open-notices-table";
import { getDb } from "@/db";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { searchParamsObject } from "@/lib/forms/search-params";
import { listAllNotices } from "@/lib/licensing/list-all-notices";

export const metadata: Metadata = { title: "Notices to serve" };

const PAGE_SIZE = 50;
const filters = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });

export default async function NoticesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const { page } = filters.parse(searchParamsObject(await searchParams));
  const { items, total } = await listAllNotices(await getDb(), actor, {
    served: "false",
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return (
    <div>
      <h1 className="text-2xl font-semibold">Notices to serve</h1>
      <p className="mb-4 text-slate-600">
        {total === 1 ? "1 notice" : `${total} notices`} of intention not yet served, the soonest due first. A notice is
        due the day before its release month begins, or 30 days after the manufacture date of a physical release when
        that comes first (never before the day the request was filed); one served late forecloses the compulsory
        license.
      </p>
      <OpenNoticesTable notices={items} />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(p) => `/staff/notices?page=${p}`} />
    </div>
  );
}
