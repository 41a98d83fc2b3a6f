import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { UploadImportForm } from "@/components/imports/upload-import-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { tableBoxClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/formatting";
import { CSV_COLUMNS } from "@/lib/imports/csv-columns";
import { IMPORT_STATUS_LABELS } from "@/lib/imports/import-statuses";
import { listImports } from "@/lib/imports/list-imports";
import { uploadImportAction } from "./actions";

export const metadata: Metadata = { title: "Imports" };

export default async function ImportsPage() {
  const { actor } = await requireActor();
  if (actor.kind !== "client") {
    return (
      <div>
        <PageHeader title="Imports" />
        <p className="text-slate-700">Imports are client staff’s: they file many requests from one CSV file.</p>
      </div>
    );
  }
  const imports = await listImports(await getDb(), actor);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Imports"
        description={
          <>
            File many requests at once from a CSV file, one row per track. Every row is checked as a single request
            would be, and you see each row’s result before anything is filed. Start from the{" "}
            <a href="/imports/template.csv">template</a>; programs use <code>POST /api/imports</code>.
          </>
        }
      />
      <UploadImportForm upload={uploadImportAction} />
      <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <summary className="cursor-pointer font-medium">The columns</summary>
        <p className="mt-2 text-slate-700">Any order; leave out the ones you do not use. An empty cell is no value.</p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {CSV_COLUMNS.map((c) => (
            <div key={c.name} className="contents">
              <dt className="font-mono">{c.name}</dt>
              <dd className="text-slate-700">{c.help}</dd>
            </div>
          ))}
        </dl>
      </details>
      <section aria-labelledby="imports-heading" className="space-y-3">
        <h2 id="imports-heading" className="text-lg font-semibold">
          Your imports
        </h2>
        {imports.length === 0 ? (
          <EmptyState title="No imports yet.">Upload a CSV file above.</EmptyState>
        ) : (
          <div className={tableBoxClass}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your account’s imports, newest first</caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Import
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Rows filed
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Uploaded
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {imports.map((i) => (
                  <tr key={i.id}>
                    <td className="px-3 py-2">
                      <Link href={`/imports/${i.id}`} className="underline">
                        {i.filename ?? `Import ${i.id} (API)`}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{IMPORT_STATUS_LABELS[i.status]}</td>
                    <td className="px-3 py-2">
                      {i.filed} of {i.rows}
                    </td>
                    <td className="px-3 py-2">{formatDateTime(i.dateAdded)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
