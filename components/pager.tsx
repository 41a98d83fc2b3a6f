import Link from "@/components/ui/link";

/** Previous/next links for a paged list; renders nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? <Link href={hrefFor(page - 1)}>← Previous</Link> : <span className="text-slate-500">← Previous</span>}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link href={hrefFor(page + 1)}>Next →</Link> : <span className="text-slate-500">Next →</span>}
    </nav>
  );
}
