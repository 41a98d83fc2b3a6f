import Link from "@/components/ui/link";
import { buttonClass, inputClass } from "@/components/ui/styles";
import { STATUS_CODES, STATUSES } from "@/lib/requests/statuses";

/**
 * A plain GET form: filters live in the address bar, so a filtered list can be bookmarked and shared. `licensees` is
 * null where there is no list to choose from (a licensee's own view, or too many licensees); a licensee filter
 * already set (a licensee page's link) is then kept as it is.
 */
export function RequestFilters({
  status,
  licensee,
  q,
  licensees,
}: {
  status?: string;
  licensee?: string;
  q?: string;
  licensees: { id: string; name: string }[] | null;
}) {
  return (
    <form
      method="get"
      role="search"
      aria-label="Filter requests"
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <div>
        <label htmlFor="filter-q" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Song, album, artist, licensee or #number"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="filter-status" className="block text-sm font-medium">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={status ?? ""} className={inputClass}>
          <option value="">Any status</option>
          {STATUS_CODES.map((code) => (
            <option key={code} value={code}>
              {STATUSES[code].label}
            </option>
          ))}
        </select>
      </div>
      {licensees ? (
        <div>
          <label htmlFor="filter-licensee" className="block text-sm font-medium">
            Licensee
          </label>
          <select
            id="filter-licensee"
            name="licensee"
            defaultValue={licensee ?? ""}
            className={`${inputClass} sm:max-w-56`}
          >
            <option value="">Any licensee</option>
            {licensees.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      ) : licensee ? (
        <input type="hidden" name="licensee" value={licensee} />
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary}>
          Filter
        </button>
        {status || licensee || q ? (
          <Link href="/requests" className={buttonClass.secondary}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
