import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

// `npm run lint:boundaries` (part of `npm run lint`), with the project's .dependency-cruiser.cjs, run on small
// fixture trees laid out like the project. The trees are cruised in this process through dependency-cruiser's API
// with the same configuration, folders and output type as the script (loading the tool once for every case).
const root = path.resolve(import.meta.dirname, "../..");
const script = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts["lint:boundaries"]!;
const [command, ...args] = script.split(" ");
const config = path.join(root, ".dependency-cruiser.cjs");
/** What the script cruises: its arguments that are not options nor option values. */
const folders = args.filter((a, i) => !a.startsWith("-") && !args[i - 1]?.startsWith("--"));

const TREE: Record<string, string> = {
  // baseUrl anchors `@/` to the tree itself: without one the path mapping is resolved from the working directory,
  // which for the CLI is the tree and here is the project.
  "tsconfig.json": JSON.stringify({
    compilerOptions: { jsx: "react-jsx", moduleResolution: "bundler", baseUrl: ".", paths: { "@/*": ["./*"] } },
  }),
  "db/index.ts": "export const getDb = () => 'db';\n",
  "lib/requests/list-requests.ts":
    'import { getDb } from "@/db";\nexport type Row = { id: number };\nexport const listRequests = () => getDb();\n',
  "lib/formatting.ts": "export const formatUsd = (amount: string) => `$${amount}`;\n",
  "app/requests/actions.ts":
    '"use server";\nimport { listRequests } from "@/lib/requests/list-requests";\nexport async function refresh() { return listRequests(); }\n',
  "app/requests/page.tsx":
    'import { listRequests } from "@/lib/requests/list-requests";\nexport default function Page() { return listRequests(); }\n',
  // A component may use pure lib/ code, a type of a lib/ module that reads the database, and a server action.
  "components/request-list.tsx": [
    '"use client";',
    'import { formatUsd } from "@/lib/formatting";',
    'import type { Row } from "@/lib/requests/list-requests";',
    'import { refresh } from "@/app/requests/actions";',
    "export const RequestList = ({ rows }: { rows: Row[] }) => <button onClick={() => void refresh()}>{rows.map((r) => formatUsd(String(r.id)))}</button>;",
  ].join("\n"),
};

/** The exit code and the reported violations ("rule: from → to") of the boundary check on TREE plus `files`. */
async function lintBoundaries(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-boundaries-"));
  try {
    for (const [name, text] of Object.entries({ ...TREE, ...files })) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    // The CLI reads tsconfig.json from the folder it runs in: here, the tree's own.
    const tsConfigFile = path.join(dir, "tsconfig.json");
    const options = { ...(await extractDepcruiseOptions(config)), tsConfig: { fileName: tsConfigFile } };
    const result = await cruise(
      folders,
      { ...options, validate: true, baseDir: dir, outputType: "err" },
      {},
      { tsConfig: extractTSConfig(tsConfigFile) },
    );
    const violations = [...String(result.output).matchAll(/error (\S+): (\S+) → (\S+)/g)].map(
      ([, rule, from, to]) => `${rule}: ${from} → ${to}`,
    );
    return { code: result.exitCode, violations: violations.sort() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("import boundaries (npm run lint)", { timeout: 60_000 }, () => {
  it("runs dependency-cruiser with the project's configuration", () => {
    expect(command).toBe("depcruise");
    expect(args).toContain(".dependency-cruiser.cjs");
  });

  it("accepts pure lib/ code, lib/ types and server actions in components", async () => {
    expect(await lintBoundaries({})).toEqual({ code: 0, violations: [] });
  });

  it("fails on a component that imports @/db", async () => {
    const bad = { "components/bad.tsx": 'import { getDb } from "@/db";\nexport const Bad = () => <p>{getDb()}</p>;\n' };
    expect(await lintBoundaries(bad)).toEqual({
      code: 1,
      violations: ["components-no-database: components/bad.tsx → db/index.ts"],
    });
  });

  it("fails on a component that imports a lib/ module reaching the database", async () => {
    const bad = {
      "components/bad.tsx":
        'import { listRequests } from "@/lib/requests/list-requests";\nexport const Bad = () => <p>{listRequests()}</p>;\n',
    };
    expect(await lintBoundaries(bad)).toEqual({
      code: 1,
      violations: ["components-no-database: components/bad.tsx → db/index.ts"],
    });
  });

  it("fails on a lib/ file and on a db/ file that import from app/", async () => {
    const bad = {
      "lib/requests/uses-app.ts": 'import { refresh } from "@/app/requests/actions";\nexport const again = refresh;\n',
      "db/uses-app.ts": 'import Page from "@/app/requests/page";\nexport const page = Page;\n',
    };
    expect(await lintBoundaries(bad)).toEqual({
      code: 2,
      violations: [
        "db-not-app: db/uses-app.ts → app/requests/page.tsx",
        "lib-not-app: lib/requests/uses-app.ts → app/requests/actions.ts",
      ],
    });
  });

  describe("the layers of lib/", () => {
    // Files of real areas: albums and tracks (catalog: tracks before albums), requests (a higher layer), http (transport).
    const areas = {
      "lib/tracks/find-track.ts": "export const findTrack = (id: number) => id;\n",
      "lib/albums/find-album.ts":
        'import { findTrack } from "@/lib/tracks/find-track";\nexport type Album = { id: number };\nexport const findAlbum = (id: number) => findTrack(id);\n',
      "lib/http/problem.ts": "export const problemResponse = (status: number) => new Response(null, { status });\n",
    };

    it("accepts imports down the layers, type imports up, and transport using the domain", async () => {
      const good = {
        ...areas,
        "lib/requests/resolve-album.ts":
          'import { findAlbum } from "@/lib/albums/find-album";\nexport const resolveAlbum = findAlbum;\n',
        "lib/tracks/track-view.ts":
          'import type { Row } from "@/lib/requests/list-requests";\nexport const trackView = (row: Row) => row.id;\n',
        "lib/http/api-route.ts":
          'import { listRequests } from "@/lib/requests/list-requests";\nexport const route = listRequests;\n',
      };
      expect(await lintBoundaries(good)).toEqual({ code: 0, violations: [] });
    });

    it("fails on an area that imports a higher layer", async () => {
      const probe = {
        ...areas,
        "lib/albums/probe.ts":
          'import { listRequests } from "@/lib/requests/list-requests";\nexport const probe = listRequests;\n',
      };
      expect(await lintBoundaries(probe)).toEqual({
        code: 1,
        violations: ["lib-layers: lib/albums/probe.ts → lib/requests/list-requests.ts"],
      });
    });

    it("fails on an area that imports one listed after it in its own layer, so two areas never import each other", async () => {
      const probe = {
        ...areas,
        "lib/tracks/probe.ts":
          'import { findAlbum } from "@/lib/albums/find-album";\nexport const probe = findAlbum;\n',
      };
      expect(await lintBoundaries(probe)).toEqual({
        code: 1,
        violations: ["lib-area-order: lib/tracks/probe.ts → lib/albums/find-album.ts"],
      });
    });

    it("fails on a domain use case that imports a transport helper", async () => {
      const probe = {
        ...areas,
        "lib/requests/probe.ts":
          'import { problemResponse } from "@/lib/http/problem";\nexport const probe = problemResponse;\n',
      };
      expect(await lintBoundaries(probe)).toEqual({
        code: 1,
        violations: ["lib-domain-not-transport: lib/requests/probe.ts → lib/http/problem.ts"],
      });
    });

    it("fails on an area that has no place in the layers", async () => {
      const probe = {
        "lib/brand-new/thing.ts": 'import { formatUsd } from "@/lib/formatting";\nexport const thing = formatUsd;\n',
      };
      expect(await lintBoundaries(probe)).toEqual({
        code: 1,
        violations: ["lib-area-unlisted: lib/brand-new/thing.ts → lib/formatting.ts"],
      });
    });
  });
});
