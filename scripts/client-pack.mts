// npm run client:pack: the typed client as a package a project installs, dist/coverdesk-client-<version>.tgz (npm pack of
// dist/client): the types of openapi.json (api-types.d.ts), the small runtime helper of lib/client (coverDeskClient,
// which pins the API version those types describe) and its README. Run `npm run openapi` first when the API changed.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
// The compiler API: TypeScript 5.x, as openapi-typescript needs too (TypeScript 7 has none; docs/api-guide.md).
import ts from "typescript";

const SOURCE = "lib/client";
const OUT = "dist/client";
const root = JSON.parse(await readFile("package.json", "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
};

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });

const program = ts.createProgram([`${SOURCE}/index.ts`], {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
  types: [],
  strict: true,
  skipLibCheck: true,
  declaration: true,
  rootDir: SOURCE,
  outDir: OUT,
});
const emitted = program.emit();
const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (problems.length > 0) {
  const host = {
    getCanonicalFileName: (f: string) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  };
  throw new Error(ts.formatDiagnostics(problems, host));
}

// Node's ES modules need a relative import's extension, which the sources (resolved by a bundler) leave out.
for (const file of await readdir(OUT)) {
  if (!/\.(js|d\.ts)$/.test(file)) continue;
  const at = path.join(OUT, file);
  const text = await readFile(at, "utf8");
  await writeFile(at, text.replace(/(from\s+["']\.\/[\w-]+)(["'])/g, "$1.js$2"));
}

await copyFile(`${SOURCE}/README.md`, `${OUT}/README.md`);
const manifest = {
  name: "@coverdesk/client",
  version: root.version,
  description: "Typed client of the CoverDesk API: its OpenAPI types and a fetch client that pins the API version",
  type: "module",
  exports: { ".": { types: "./index.d.ts", default: "./index.js" } },
  types: "./index.d.ts",
  sideEffects: false,
  dependencies: { "openapi-fetch": root.dependencies["openapi-fetch"] },
};
await writeFile(`${OUT}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);

const packed = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", ".."], { cwd: OUT, encoding: "utf8" }),
) as { filename: string; files: { path: string }[] }[];
const tarball = path.join("dist", packed[0]!.filename);
console.log(`${tarball}: ${packed[0]!.files.map((f) => f.path).join(", ")}`);
