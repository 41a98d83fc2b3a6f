"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ImportView } from "@/lib/imports/get-import";
import { IMPORT_STATUS_LABELS } from "@/lib/imports/import-statuses";

const POLL_MS = 1_000;
const isFiling = (view: ImportView) => view.status === "queued" || view.status === "running";

/** An import's status and progress bar, polling GET /api/imports/{id} while it is being filed; the page refreshes once it is done. */
export function ImportProgress({ initial }: { initial: ImportView }) {
  const router = useRouter();
  const { data: view, isError } = useQuery({
    queryKey: ["import", initial.id, initial.status],
    queryFn: async (): Promise<ImportView> => {
      const res = await fetch(`/api/imports/${initial.id}?limit=1`, { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`GET /api/imports/${initial.id} answered ${res.status}`);
      return (await res.json()) as ImportView;
    },
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isFiling(query.state.data) ? POLL_MS : false),
  });
  const wasFiling = useRef(isFiling(initial));
  useEffect(() => {
    if (wasFiling.current && view.status === "done") router.refresh(); // the rows' request ids and errors
    wasFiling.current = isFiling(view);
  }, [view, router]);

  const { counts, progress } = view;
  return (
    <section aria-labelledby="progress-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="progress-heading" className="text-lg font-semibold">
        {IMPORT_STATUS_LABELS[view.status]}
      </h2>
      <label htmlFor="import-progress" className="block text-sm text-slate-700">
        Filed {progress.done} of {progress.of} rows ({progress.percent}%)
      </label>
      <progress id="import-progress" className="h-3 w-full" max={100} value={progress.percent} aria-valuetext={`${progress.percent}%`}>
        {progress.percent}%
      </progress>
      <p role="status" className="text-sm text-slate-700">
        {counts.rows} rows: {counts.filed} filed, {counts.pending} to file, {counts.invalid} with errors, {counts.failed} refused when filed.
        {view.status === "done" ? " The import is done." : ""}
      </p>
      {isError ? <p className="text-sm text-amber-800">The progress could not be read just now; it will be tried again.</p> : null}
    </section>
  );
}
