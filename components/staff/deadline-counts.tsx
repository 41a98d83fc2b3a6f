import Link from "@/components/ui/link";

/** The staff dashboard's notice deadlines: open requests with notices overdue and due within the week, each a queue view. */
export function DeadlineCounts({ deadlines }: { deadlines: { overdue: number; soon: number } }) {
  const cards = [
    { key: "overdue", label: "Notices overdue", count: deadlines.overdue, href: "/staff/queue?due=overdue&sort=due" },
    { key: "soon", label: "Notices due within 7 days", count: deadlines.soon, href: "/staff/queue?due=soon&sort=due" },
  ];
  return (
    <section aria-labelledby="deadlines-heading" className="mb-8">
      <h2 id="deadlines-heading" className="mb-3 text-lg font-semibold">
        Notice deadlines
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((c) => (
          <div key={c.key} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{c.label}</dt>
            <dd className="text-2xl font-semibold">
              <Link
                href={c.href}
                aria-label={`${c.count} open ${c.count === 1 ? "request" : "requests"} with ${c.label.toLowerCase()}: show in the queue`}
              >
                {c.count}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link href="/staff/notices" className="underline">
          Every notice not yet served
        </Link>
        , the soonest due first.
      </p>
    </section>
  );
}
