import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ActionButton } from "@/components/action-button";
import { ImportProgress } from "@/components/imports/import-progress";
import { QueryProvider } from "@/components/query-provider";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass, tableBoxClass } from "@/components/ui/styles";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { orNotFound } from "@/lib/forms/or-not-found";
import { pathId } from "@/lib/http/responses";
import { getImport } from "@/lib/imports/get-import";
import { IMPORT_ROW_STATUS_LABELS } from "@/lib/imports/import-statuses";
import { confirmImportAction } from "../actions";

/** Rows the page lists; the API pages through all of them and the result CSV holds every one. */
const ROWS_SHOWN = 500;

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Import ${(await params).id}` };
}

export default async function ImportPage({ params }: Props) {
  const { actor } = await requireActor();
  if (actor.kind === "licensee") notFound(); // imports are client staff's (staff may read them); never offered to licensees
  const { id } = await params;
  const db = await getDb();
  const view = await orNotFound(() => getImport(db, actor, pathId(id, "Import"), { from: 1, limit: ROWS_SHOWN }));
  const valid = view.counts.pending;
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/imports">← Imports</Link>
      </nav>
      <PageHeader
        title={view.filename ?? `Import ${view.id}`}
        description={`${view.source === "csv" ? "Uploaded" : "Sent through the API"} by ${view.createdBy}. Every row ${view.status === "checking" ? "is being" : "was"} checked as a single request would be.`}
        actions={
          <a href={`/api/imports/${view.id}/result.csv`} className={buttonClass.secondary} download>
            Download the result (CSV)
          </a>
        }
      />
      {view.status === "previewed" && actor.kind === "client" ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4">
          <p className="text-indigo-950">
            {valid === 0
              ? "No row can be filed: correct the file and upload it again."
              : `${valid} of ${view.counts.rows} rows can be filed; rows with errors are left out.`}
          </p>
          <ActionButton
            action={confirmImportAction.bind(null, view.id)}
            label={valid === 0 ? "Close this import" : `File ${valid} valid ${valid === 1 ? "row" : "rows"}`}
            pendingLabel="Queuing…"
            className={buttonClass.primary}
          />
        </div>
      ) : null}
      <QueryProvider>
        <ImportProgress initial={view} />
      </QueryProvider>
      <section aria-labelledby="rows-heading" className="space-y-2">
        <h2 id="rows-heading" className="text-lg font-semibold">
          Rows
          {view.counts.rows > ROWS_SHOWN
            ? ` (the first ${ROWS_SHOWN} of ${view.counts.rows}; the result CSV has all)`
            : ""}
        </h2>
        <div className={tableBoxClass}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Each row of the import, its result and its errors by column</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
                <th scope="col" className="px-3 py-2">
                  Errors
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.rows.map((row) => (
                <tr key={row.rowNumber} className={row.error ? "bg-red-50" : undefined}>
                  <th scope="row" className="px-3 py-2 font-normal">
                    {row.rowNumber}
                    {row.albumKey ? <span className="block text-xs text-slate-600">album {row.albumKey}</span> : null}
                  </th>
                  <td className="px-3 py-2">
                    {row.requestId !== null ? (
                      <Link href={`/requests/${row.requestId}`}>Request #{row.requestId}</Link>
                    ) : (
                      IMPORT_ROW_STATUS_LABELS[row.status]
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {row.error ? (
                      row.error.errors.length > 0 ? (
                        <ul className="space-y-0.5">
                          {row.error.errors.map((e) => (
                            <li key={`${e.path}:${e.message}`}>
                              <span className="font-mono">{e.column ?? e.path}</span>: {e.message}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        row.error.detail
                      )
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
