import Link from "@/components/ui/link";
import { SelectFilter } from "@/components/ui/select-filter";
import { STATUS_CODES, STATUSES } from "@/lib/requests/statuses";
import { AGE_FILTERS, DUE_FILTERS, QUEUE_SORTS, type QueueQuery } from "@/lib/staff/queue-query";

/** The queue's filters: a plain GET form, so every filtered view has a shareable URL. */
export function QueueFilters({
  query,
  accounts,
  employees,
}: {
  query: QueueQuery;
  accounts: { id: number; name: string }[];
  employees: { id: number; name: string }[];
}) {
  return (
    <form
      method="get"
      action="/staff/queue"
      className="mb-4 flex flex-wrap items-end gap-4"
      aria-label="Filter the queue"
    >
      <div className="w-full sm:w-auto">
        <label htmlFor="filter-q" className="text-sm font-medium">
          Search
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Song, album, artist, licensee or #number"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-72"
        />
      </div>
      <SelectFilter
        name="status"
        label="Status"
        value={query.status}
        options={[
          { value: "open", label: "Open (needs work)" },
          { value: "all", label: "All statuses" },
          ...STATUS_CODES.map((code) => ({ value: code, label: STATUSES[code].label })),
        ]}
      />
      <SelectFilter
        name="account"
        label="Client account"
        value={query.account}
        options={[{ value: "", label: "All accounts" }, ...accounts.map((a) => ({ value: a.id, label: a.name }))]}
      />
      <SelectFilter
        name="age"
        label="Age"
        value={query.age}
        options={[{ value: "", label: "Any age" }, ...AGE_FILTERS.map((a) => ({ value: a.days, label: a.label }))]}
      />
      <SelectFilter
        name="due"
        label="Notice deadline"
        value={query.due}
        options={[{ value: "", label: "Any deadline" }, ...DUE_FILTERS]}
      />
      <SelectFilter
        name="waiting"
        label="Waiting on"
        value={query.waiting}
        options={[
          { value: "", label: "Anyone" },
          { value: "us", label: "Us (new, ready, in progress)" },
          { value: "client", label: "The client (info, payment)" },
        ]}
      />
      <SelectFilter
        name="assignee"
        label="Assignee"
        value={query.assignee}
        options={[
          { value: "", label: "Anyone or no one" },
          { value: "mine", label: "Mine" },
          { value: "none", label: "No one yet" },
          ...employees.map((e) => ({ value: e.id, label: e.name })),
        ]}
      />
      <SelectFilter name="sort" label="Order" value={query.sort} options={[...QUEUE_SORTS]} />
      <SelectFilter
        name="dir"
        label="Direction"
        value={query.dir}
        options={[
          { value: "asc", label: "Ascending" },
          { value: "desc", label: "Descending" },
        ]}
      />
      <button
        type="submit"
        className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-800"
      >
        Filter
      </button>
      <Link href="/staff/queue" className="text-sm">
        Reset
      </Link>
    </form>
  );
}
