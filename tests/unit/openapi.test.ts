import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiArtifacts } from "@/lib/openapi/artifacts";
import { operations } from "@/lib/openapi/document";

const API = join(process.cwd(), "app", "api");
// Not part of the API: the catch-all answers 404 for unknown paths; next-auth's routes are the portal's sign-in.
const NOT_OPERATIONS = new Set(["/api/[[...path]]", "/api/auth/[...nextauth]"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? routeFiles(join(dir, e.name))
        : Promise.resolve(e.name === "route.ts" ? [join(dir, e.name)] : []),
    ),
  );
  return nested.flat();
}

/** `METHOD /api/x/{id}` for every method each app/api/**\/route.ts exports. */
async function routedOperations(): Promise<string[]> {
  const found: string[] = [];
  for (const file of await routeFiles(API)) {
    const route = `/api/${relative(API, file).split(sep).slice(0, -1).join("/")}`.replace(/\/$/, "");
    if (NOT_OPERATIONS.has(route)) continue;
    const source = await readFile(file, "utf8");
    const exported = METHODS.filter((m) =>
      new RegExp(`export const ${m}\\b|\\bas ${m}\\b|export const \\{[^}]*\\b${m}\\b`).test(source),
    );
    expect(exported, `${file} exports no HTTP method`).not.toHaveLength(0);
    for (const m of exported) found.push(`${m} ${route.replace(/\[(\w+)\]/g, "{$1}")}`);
  }
  return found.sort();
}

type Ref = { $ref?: string };
type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Ref[];
        requestBody?: { content: Record<string, { schema: Ref }> };
        responses: Record<string, { headers?: Record<string, Ref> }>;
      }
    >
  >;
};
const SCHEMAS = "#/components/schemas/";
const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

// Generating the typed client's types is the slow part: both tests below read the one generation.
let artifacts: ReturnType<typeof openApiArtifacts> | undefined;
const generated = () => (artifacts ??= openApiArtifacts());

describe("the OpenAPI document", () => {
  it("has an operation for every route under app/api, and none for a route that does not exist", async () => {
    const documented = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
    expect(documented).toEqual(await routedOperations());
  });

  it("gives every operation its own operationId", async () => {
    const { json } = await generated();
    const ids = Object.values(
      (JSON.parse(json) as { paths: Record<string, Record<string, { operationId: string }>> }).paths,
    ).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names every request body as a schema of its own, so the typed client has it under components.schemas", async () => {
    const { json } = await generated();
    const doc = JSON.parse(json) as Document;
    const unnamed = operationsOf(doc)
      .filter(({ op }) => op.requestBody)
      .filter(({ op }) => !Object.values(op.requestBody!.content).every((c) => c.schema.$ref?.startsWith(SCHEMAS)))
      .map(({ name }) => name);
    expect(unnamed, 'give the body an id: `.meta({ id: "NewThing" })`').toEqual([]);
  });

  it("documents CoverDesk-Version on every answer and as a request header of every operation", async () => {
    const { json } = await generated();
    const doc = JSON.parse(json) as Document;
    const missing: string[] = [];
    for (const { name, op } of operationsOf(doc)) {
      if (!op.parameters?.some((p) => p.$ref === "#/components/parameters/CoverDeskVersion"))
        missing.push(`${name}: the request header`);
      for (const [status, response] of Object.entries(op.responses))
        if (response.headers?.["CoverDesk-Version"]?.$ref !== "#/components/headers/CoverDesk-Version")
          missing.push(`${name} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it("is committed as generated (run `npm run openapi` after changing a schema or an operation)", async () => {
    const { json, types, version, methods } = await generated();
    expect(await readFile("openapi.json", "utf8")).toBe(json);
    expect(await readFile("lib/client/api-types.ts", "utf8")).toBe(types);
    expect(await readFile("lib/client/api-version.ts", "utf8")).toBe(version);
    expect(await readFile("lib/http/api-methods.json", "utf8")).toBe(methods);
  });
});
