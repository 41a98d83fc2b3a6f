import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { createImport } from "@/lib/imports/create-import";
import { importRowsBody } from "@/lib/imports/import-row-schema";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    const { rows } = parseInput(importRowsBody, await body());
    return json(await createImport(db, actor, { source: "api", filename: null, rows }), 202);
  },
  { roles: ["client"] },
);
