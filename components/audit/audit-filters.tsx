import Link from "@/components/ui/link";
import { SelectFilter } from "@/components/ui/select-filter";
import type { AuditQuery } from "@/lib/audit/audit-query";

/** An audit trail's filters (kind of record, record id, person): a plain GET form, so every view has a shareable URL. */
export function AuditFilters({
  action,
  query,
  facets,
}: {
  action: string;
  query: AuditQuery;
  facets: { entities: string[]; people: string[] };
}) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-4" aria-label="Filter the audit trail">
      <SelectFilter
        name="entity"
        label="Record"
        value={query.entity}
        options={[{ value: "", label: "Every kind" }, ...facets.entities.map((e) => ({ value: e, label: e }))]}
      />
      <div>
        <label htmlFor="filter-entityId" className="text-sm font-medium">
          Record id
        </label>
        <input
          id="filter-entityId"
          name="entityId"
          defaultValue={query.entityId ?? ""}
          inputMode="numeric"
          className="mt-1 block w-28 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        />
      </div>
      <SelectFilter
        name="person"
        label="Person"
        value={query.person}
        options={[{ value: "", label: "Everyone" }, ...facets.people.map((p) => ({ value: p, label: p }))]}
      />
      <button
        type="submit"
        className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-indigo-800"
      >
        Filter
      </button>
      <Link href={action} className="text-sm">
        Reset
      </Link>
    </form>
  );
}
