import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { OutboxTable } from "@/components/outbox/outbox-table";
import { RetryButton } from "@/components/outbox/retry-button";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { serviceTimeZone } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { listOutboxMessages, OUTBOX_STATUSES } from "@/lib/outbox/list-outbox-messages";
import { retryOutboxAction } from "./actions";

export const metadata: Metadata = { title: "Outbox" };

const PAGE_SIZE = 50;
const filters = z.object({
  status: z.enum(OUTBOX_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

export default async function OutboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { actor } = await requireActor();
  const { status, page } = filters.parse(await searchParams);
  let list;
  try {
    list = await listOutboxMessages(await getDb(), actor, { status, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  } catch (e) {
    if (!(e instanceof DomainError && e.code === "forbidden")) throw e;
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
        {e.detail}
      </p>
    );
  }
  const { items, total, counts } = list;
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
        Staff emails about wall posts. Pending mail is retried with growing pauses; failed mail waits for you to retry it.
        {process.env.SMTP_URL ? "" : " SMTP_URL is not set, so nothing is being sent."}
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
        <p className="text-slate-600">{status ? `No ${status} messages.` : "No messages yet: every new wall post adds one."}</p>
      ) : (
        <OutboxTable
          items={items}
          timeZone={serviceTimeZone()}
          action={(m) => (m.status === "failed" ? <RetryButton messageId={m.id} action={retryOutboxAction} /> : null)}
        />
      )}
      {total > PAGE_SIZE ? (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {page > 1 ? <Link href={href(status, page - 1)}>← Newer</Link> : null}
          <span className="text-slate-600">
            Page {page} of {Math.ceil(total / PAGE_SIZE)}
          </span>
          {page * PAGE_SIZE < total ? <Link href={href(status, page + 1)}>Older →</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
