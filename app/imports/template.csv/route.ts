import { csvResponse } from "@/lib/http/csv-response";
import { csvTemplate } from "@/lib/imports/csv-columns";

/** The import template (every column, one example row); public like the docs that describe it. */
export const GET = () =>
  Promise.resolve(csvResponse({ filename: "coverdesk-import-template.csv", body: csvTemplate() }));
