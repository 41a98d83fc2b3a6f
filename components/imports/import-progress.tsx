"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ImportView } from "@/lib/imports/get-import";
import { IMPORT_STATUS_LABELS } from "@/lib/imports/import-statuses";

const POLL_MS = 1_000;
const isWorking = (view: ImportView) =>
  view.status === "checking" || view.status === "queued" || view.status === "running";
const n = (value: number) => value.toLocaleString("en-US");

/**
 * An import's status and progress bar (the check's, then the filing's), polling GET /api/imports/{id} while a job
 * works on it; the page refreshes when its status changes (the preview once checked, the rows' requests once done).
 */
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
    refetchInterval: (query) => (query.state.data && isWorking(query.state.data) ? POLL_MS : false),
  });
  const shownStatus = useRef(initial.status);
  useEffect(() => {
    if (view.status !== shownStatus.current) router.refresh(); // the preview's errors, or the rows' request ids
    shownStatus.current = view.status;
  }, [view, router]);

  const { counts, progress } = view;
  const checking = view.status === "checking";
  return (
    <section aria-labelledby="progress-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="progress-heading" className="text-lg font-semibold">
        {IMPORT_STATUS_LABELS[view.status]}
      </h2>
      <label htmlFor="import-progress" className="block text-sm text-slate-700">
        {checking ? "Checking rows" : "Filed"}: {n(progress.done)} of {n(progress.of)} ({progress.percent}%)
      </label>
      <progress
        id="import-progress"
        className="h-3 w-full"
        max={100}
        value={progress.percent}
        aria-valuetext={`${progress.percent}%`}
      >
        {progress.percent}%
      </progress>
      <p role="status" className="text-sm text-slate-700">
        {checking
          ? `${n(counts.rows)} rows: ${n(progress.done)} checked, ${n(counts.invalid)} with errors so far.${view.source === "csv" ? " Nothing is filed until you confirm." : ""}`
          : `${n(counts.rows)} rows: ${n(counts.filed)} filed, ${n(counts.pending)} to file, ${n(counts.invalid)} with errors, ${n(counts.failed)} refused when filed.`}
        {view.status === "done" ? " The import is done." : ""}
      </p>
      {isError ? (
        <p className="text-sm text-amber-800">The progress could not be read just now; it will be tried again.</p>
      ) : null}
    </section>
  );
}
