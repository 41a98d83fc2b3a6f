import { apiRoute } from "@/lib/http/api-route";
import { cursorList, json } from "@/lib/http/responses";
import { createImport } from "@/lib/imports/create-import";
import { importRowsBody } from "@/lib/imports/import-row-schema";
import { listAccountImports, listImportsQuery } from "@/lib/imports/list-account-imports";
import { parseQuery } from "@/lib/query-params";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const { rows } = parseInput(importRowsBody, await body());
    return json(await createImport(db, actor, { source: "api", filename: null, rows }), 202);
  },
  { roles: ["client"] },
);

export const GET = apiRoute(
  async ({ db, actor, url }) => cursorList(url, await listAccountImports(db, actor, parseQuery(listImportsQuery, url))),
  { roles: ["client", "employee"] },
);
