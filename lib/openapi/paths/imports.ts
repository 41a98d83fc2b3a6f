import { importRowsQuery } from "@/lib/imports/get-import";
import { importRowsBodyDoc } from "@/lib/imports/import-row-schema";
import { ids, type Operation } from "../operation";
import { listImportsQuery } from "@/lib/imports/list-account-imports";
import { importSummary, importView } from "../views-imports";

const tag = "Imports";
const readers = ["client", "employee"] as const;
const importId = ids({ id: "import" });

export const importOperations: Operation[] = [
  {
    method: "post",
    path: "/api/imports",
    tag,
    summary: "Import initial requests in bulk",
    description:
      "Each row is a POST /api/requests body, with an optional `albumKey`: rows sharing one make one album with one release; identical new-licensee details make one licensee. Every row is parsed at once by the schema of POST /api/requests (rows that fail are `invalid` in the answer, with their errors); the others are `unchecked` and the import `checking`: a background job dry-runs them as POST /api/requests would (nothing is filed), marks each `pending` or `invalid`, then queues the import and files the pending rows. Poll GET /api/imports/{id} until `status` is `done`. The body limit is 1 MiB: send a large import as several.",
    roles: ["client"],
    body: importRowsBodyDoc.meta({ id: "NewImport" }),
    success: [
      {
        status: 202,
        description: "The import, checking (or done when no row passed the schema), with each row's parse",
        schema: importView,
      },
    ],
  },
  {
    method: "get",
    path: "/api/imports",
    tag,
    summary: "List imports",
    description:
      "The account's imports (every account's for the service's staff), newest first, with their row counts; paged by cursor (`after`).",
    roles: readers,
    query: listImportsQuery,
    success: [{ status: 200, description: "A page of imports", schema: importSummary, list: true, cursor: true }],
  },
  {
    method: "get",
    path: "/api/imports/{id}",
    tag,
    summary: "An import's progress and rows",
    description:
      "Counts, progress and a page of rows (from row `from`, `limit` rows, optionally of one `status`), each with its request id or error.",
    roles: readers,
    params: importId,
    query: importRowsQuery,
    success: [{ status: 200, description: "The import", schema: importView }],
  },
  {
    method: "get",
    path: "/api/imports/{id}/result.csv",
    tag,
    summary: "An import's result as CSV",
    description:
      "One line per row: row number, albumKey, status, request id, or error code and message (by CSV column for uploads).",
    roles: readers,
    params: importId,
    success: [{ status: 200, description: "The result", contentType: "text/csv" }],
  },
];
