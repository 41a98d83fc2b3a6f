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

  it("is committed as generated (run `npm run openapi` after changing a schema or an operation)", async () => {
    const { json, types, version } = await generated();
    expect(await readFile("openapi.json", "utf8")).toBe(json);
    expect(await readFile("lib/client/api-types.ts", "utf8")).toBe(types);
    expect(await readFile("lib/client/api-version.ts", "utf8")).toBe(version);
  });
});
