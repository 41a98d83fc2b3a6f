import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { z } from "zod";
import { ActionButton } from "@/components/action-button";
import { OutboxTable } from "@/components/outbox/outbox-table";
import { Pager } from "@/components/pager";
import { getDb } from "@/db";
import { env } from "@/env";
import { requireStaffPage } from "@/lib/auth/require-staff-page";
import { searchParamsObject } from "@/lib/forms/search-params";
import { listOutboxMessages, OUTBOX_STATUSES } from "@/lib/outbox/list-outbox-messages";
import { retryOutboxAction } from "./actions";

export const metadata: Metadata = { title: "Outbox" };

const PAGE_SIZE = 50;
const filters = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export default async function OutboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { actor } = await requireStaffPage();
  const { status, page } = filters.parse(searchParamsObject(await searchParams));
  const { items, total, counts } = await listOutboxMessages(await getDb(), actor, {
    status,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const href = (s: string | undefined, p = 1) => {
    const q = new URLSearchParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) }).toString();
    return `/staff/outbox${q ? `?${q}` : ""}`;
  };
  const tabs = [
    { key: undefined, label: `All (${counts.pending + counts.sent + counts.failed})` },
    ...OUTBOX_STATUSES.map((s) => ({ key: s, label: `${s[0]!.toUpperCase()}${s.slice(1)} (${counts[s]})` })),
  ];

  return (
    <div>
      <h1 className="text-2xl font-semibold">Outbox</h1>
      <p className="mb-4 text-slate-600">
        Staff emails about wall posts. Pending mail is retried with growing pauses; failed mail waits for you to retry
        it.
        {env().SMTP_URL ? "" : " SMTP_URL is not set, so nothing is being sent."}
      </p>
      <nav aria-label="Filter by state" className="mb-4 flex flex-wrap gap-2 text-sm">
        {tabs.map((t) => (
          <Link
            key={t.label}
            href={href(t.key)}
            aria-current={t.key === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 no-underline ${t.key === status ? "border-indigo-700 bg-indigo-50" : "border-slate-300"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="text-slate-600">
          {status ? `No ${status} messages.` : "No messages yet: every new wall post adds one."}
        </p>
      ) : (
        <OutboxTable
          items={items}
          action={(m) =>
            m.status === "failed" ? (
              <ActionButton
                action={retryOutboxAction.bind(null, m.id)}
                label="Retry"
                pendingLabel="Retrying…"
                accessibleName={`Retry message ${m.id}`}
                className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-60"
              />
            ) : null
          }
        />
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} hrefFor={(p) => href(status, p)} />
    </div>
  );
}
