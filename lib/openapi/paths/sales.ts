import { z } from "zod";
import { MAX_SALES_LINES } from "@/lib/sales/sales-csv";
import { ids, type Operation } from "../operation";
import { releaseSalesView, salesImportView } from "../views-sales";

const csvExample = ["date,isrc,store,units,format", "2026-11-20,USS1Z9900001,Bandcamp,40,1001", ""].join("\n");

export const salesOperations: Operation[] = [
  {
    method: "get",
    path: "/api/releases/{id}/sales",
    tag: "Sales",
    summary: "A release's sales against its licensed units",
    description: [
      "Every track the release carries, in the release's format: units sold (every report so far), units licensed (the",
      "sum of `releaseQuantity` over the track's licensed requests in that format), units still being licensed, and the",
      "threshold reached (80 or 100 %). `plan` is the reorder the album page offers once a track sold all its licensed",
      "units. Client staff and employees; licensee users are never shown sales.",
    ].join(" "),
    roles: ["client", "employee"],
    params: ids({ id: "release" }),
    success: [{ status: 200, description: "The release's sales standing", schema: releaseSalesView }],
  },
  {
    method: "post",
    path: "/api/releases/{id}/sales",
    tag: "Sales",
    summary: "Upload a sales report",
    description: [
      "A CSV report of one release's sales (`Content-Type: text/csv`, at most 1 MiB and",
      `${MAX_SALES_LINES} lines): a header row, then one line per sale with the columns \`date\` (YYYY-MM-DD), \`store\`,`,
      "`units`, `format` (the release's format, by id or title) and the track as `trackId`, `isrc` or `externalTrackId`.",
      "All or nothing: any bad line is a 400 `validation_failed` naming every bad line (`lines.N.column`, the header being",
      "line 1), and nothing is stored. Units are summed per track and format; at 80 % and at 100 % of the licensed units",
      "(the sum of `releaseQuantity` over the track's licensed requests in the format) the answer lists the alert, your",
      "client staff are mailed and `sales.alert` is sent to your webhooks, once per threshold.",
    ].join(" "),
    roles: ["client"],
    params: ids({ id: "release" }),
    body: z.string().meta({ id: "SalesReportCsv", description: "The sales report as CSV", example: csvExample }),
    bodyContentType: "text/csv",
    success: [
      {
        status: 201,
        description: "What the report added, each affected track's standing and the alerts it raised",
        schema: salesImportView,
      },
    ],
  },
];
