import Link from "next/link";
import { STATUS_CODES, STATUSES } from "@/lib/requests/statuses";
import { AGE_FILTERS, type QueueQuery } from "@/lib/staff/queue-query";

const selectClass = "mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** The queue's filters: a plain GET form, so every filtered view has a shareable URL. */
export function QueueFilters({ query, accounts }: { query: QueueQuery; accounts: { id: number; name: string }[] }) {
  return (
    <form method="get" action="/staff/queue" className="mb-4 flex flex-wrap items-end gap-4" aria-label="Filter the queue">
      <div>
        <label htmlFor="status" className="text-sm font-medium">
          Status
        </label>
        <select id="status" name="status" defaultValue={query.status} className={selectClass}>
          <option value="open">Open (needs work)</option>
          <option value="all">All statuses</option>
          {STATUS_CODES.map((code) => (
            <option key={code} value={code}>
              {STATUSES[code].label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="account" className="text-sm font-medium">
          Client account
        </label>
        <select id="account" name="account" defaultValue={query.account ?? ""} className={selectClass}>
          <option value="">All accounts</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="age" className="text-sm font-medium">
          Age
        </label>
        <select id="age" name="age" defaultValue={query.age ?? ""} className={selectClass}>
          <option value="">Any age</option>
          {AGE_FILTERS.map((a) => (
            <option key={a.days} value={a.days}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-800">
        Filter
      </button>
      <Link href="/staff/queue" className="text-sm">
        Reset
      </Link>
    </form>
  );
}
