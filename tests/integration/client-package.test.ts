import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as formats } from "@/app/api/formats/route";
import { GET as listRequests } from "@/app/api/requests/route";
import { LATEST_API_VERSION } from "@/lib/api-versions";
import { clientKey } from "../helpers/api";
import { setupTestDb } from "../helpers/test-db";

// `npm run client:pack` as a project would use its tarball: unpacked into a project of its own (node_modules/@coverdesk/client),
// type-checked by the TypeScript the repository pins, and its compiled client called against the real route handlers.
const run = promisify(execFile);
const REPO = process.cwd();
const TSC = path.join(REPO, "node_modules", "typescript", "bin", "tsc");

const db = setupTestDb();
let project: string;
let packed: string[];

beforeAll(async () => {
  const { stdout } = await run("npm", ["run", "--silent", "client:pack"], { cwd: REPO });
  const tarball = path.join(REPO, stdout.trim().split(":")[0]!);
  project = await mkdtemp(path.join(tmpdir(), "coverdesk-client-"));
  const modules = path.join(project, "node_modules");
  await mkdir(path.join(modules, "@coverdesk"), { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", path.join(modules, "@coverdesk")]);
  await run("mv", [path.join(modules, "@coverdesk", "package"), path.join(modules, "@coverdesk", "client")]);
  // Its one dependency, as npm would install it beside the package.
  await symlink(path.join(REPO, "node_modules", "openapi-fetch"), path.join(modules, "openapi-fetch"));
  packed = (await readdir(path.join(modules, "@coverdesk", "client"))).sort();
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "integrator", type: "module" }));
}, 120_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

const IMPORT = `import { coverDeskClient, type components } from "@coverdesk/client";\n`;
/** The compiler's excess-property error (TS2561 when it has a field to suggest, TS2353 otherwise). */
const excess = (field: string) =>
  new RegExp(
    `error TS(2353|2561): Object literal may only specify known properties, (and|but) '${field}' does not exist`,
  );
const ALBUM = `album: { id: 9 }, releases: [{ id: 9 }], song: { title: "Jolene", originalRecordingArtist: "Dolly Parton" }`;

// Each fixture is a file of an integrator's project; `errors` are the compiler's complaints it must raise (none: it compiles).
const FIXTURES: { file: string; source: string; errors: RegExp[] }[] = [
  {
    file: "new-request.ts",
    source: `const body = { track: { ${ALBUM}, lengthInSeconds: 200 } } satisfies components["schemas"]["NewRequest"];
export const send = () => coverDeskClient({ baseUrl: "https://x", apiKey: "k" }).POST("/api/requests", { body });`,
    errors: [],
  },
  {
    file: "misspelt-length.ts",
    source: `export const body = { track: { ${ALBUM}, lenghtInSeconds: 200 } } satisfies components["schemas"]["NewRequest"];`,
    errors: [excess("lenghtInSeconds"), /Did you mean to write 'lengthInSeconds'\?/],
  },
  {
    file: "misspelt-private.ts",
    source: `export const post = { message: "Hello", isprivate: true } satisfies components["schemas"]["NewWallPost"];`,
    errors: [excess("isprivate")],
  },
  {
    file: "numeric-query.ts",
    source: `const client = coverDeskClient({ baseUrl: "https://x", apiKey: "k" });
export const page = () => client.GET("/api/requests", { params: { query: { limit: 10, offset: 20 } } });`,
    errors: [],
  },
  {
    file: "text-query.ts",
    source: `const client = coverDeskClient({ baseUrl: "https://x", apiKey: "k" });
export const page = () => client.GET("/api/requests", { params: { query: { limit: "10" } } });`,
    errors: [/error TS2322: Type 'string' is not assignable to type 'number'/],
  },
];

describe("the typed client as a package (npm run client:pack)", () => {
  it("holds the types, the compiled client and its README", async () => {
    expect(packed).toEqual(
      expect.arrayContaining(["README.md", "api-types.d.ts", "index.d.ts", "index.js", "package.json"]),
    );
    const root = path.join(project, "node_modules", "@coverdesk", "client");
    const types = await readFile(path.join(root, "api-types.d.ts"), "utf8");
    expect(types).toMatch(/\bNewRequest: \{/);
    expect(await readFile(path.join(root, "README.md"), "utf8")).toContain(
      'satisfies components["schemas"]["NewRequest"]',
    );
    const manifest = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "@coverdesk/client", types: "./index.d.ts", type: "module" });
  });

  it("refuses a misspelt body field or a text limit at compile time, and compiles what is right", async () => {
    for (const f of FIXTURES) await writeFile(path.join(project, f.file), IMPORT + f.source);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2023", "DOM"],
        types: [],
      },
      files: FIXTURES.map((f) => f.file),
    };
    await writeFile(path.join(project, "tsconfig.json"), JSON.stringify(tsconfig));
    const output = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], {
      cwd: project,
    }).then(
      (r) => r.stdout,
      (err: { stdout: string }) => err.stdout,
    );
    const lines = output.split("\n").filter(Boolean);
    const byFile = Object.fromEntries(FIXTURES.map((f) => [f.file, lines.filter((l) => l.startsWith(`${f.file}(`))]));
    // Nothing else may fail to compile: the package's own declarations included.
    expect(lines.filter((l) => /error TS/.test(l) && !FIXTURES.some((f) => l.startsWith(`${f.file}(`)))).toEqual([]);
    for (const f of FIXTURES) {
      if (f.errors.length === 0) expect(byFile[f.file], f.file).toEqual([]);
      else expect(byFile[f.file], f.file).toHaveLength(1);
      for (const pattern of f.errors) expect(byFile[f.file]![0], f.file).toMatch(pattern);
    }
  }, 60_000);

  it("pins the API version it was generated for on every call to the real API", async () => {
    const { key } = await clientKey(db(), "Packaged Client Records");
    const entry = path.join(project, "node_modules", "@coverdesk", "client", "index.js");
    const { coverDeskClient, API_VERSION } = (await import(
      /* @vite-ignore */ pathToFileURL(entry).href
    )) as typeof import("@/lib/client");
    expect(API_VERSION).toBe(LATEST_API_VERSION);
    const sent: (string | null)[] = [];
    const routes: Record<string, (req: Request, ctx: object) => Promise<Response>> = {
      "/api/formats": formats,
      "/api/requests": listRequests,
    };
    const client = coverDeskClient({
      baseUrl: "http://localhost",
      apiKey: key,
      // openapi-fetch hands its fetch a Request.
      fetch: (input: RequestInfo | URL) => {
        const req = input as Request;
        sent.push(req.headers.get("CoverDesk-Version"));
        return routes[new URL(req.url).pathname]!(req, {});
      },
    });
    const listed = await client.GET("/api/formats");
    expect(listed.response.status).toBe(200);
    expect(listed.response.headers.get("CoverDesk-Version")).toBe(API_VERSION);
    const page = await client.GET("/api/requests", { params: { query: { limit: 5, offset: 0 } } });
    expect(page.response.status).toBe(200);
    expect(page.data).toEqual([]);
    expect(sent).toEqual([API_VERSION, API_VERSION]);
  });
});
