import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import lists from "../driver-sensitive.json";

const {
  driverSensitive: DRIVER_SENSITIVE,
  isolated: ISOLATED,
  postgresOnly: POSTGRES_ONLY,
} = lists as Record<"driverSensitive" | "isolated" | "postgresOnly", Record<string, string>>;
const DIR = path.resolve(import.meta.dirname, "../integration");
const files = readdirSync(DIR).filter((f) => f.endsWith(".test.ts"));
const source = (f: string) => readFileSync(path.join(DIR, f), "utf8");

// A database of its own or a branch on the driver: what runs there can differ between PGlite and PostgreSQL.
const OWN_DATABASE = /\bcreateDb\(|\bwithDatabaseBefore\(|\.driver\s*===|inject\("dbTemplate"\)/;
// Always the same driver whichever pass runs it, so once is enough: an unreachable server, an embedded database of
// its own folder (the CLI's, the folder lock's, the one killed mid-write), the reset of the PGlite instance that a
// worker's files share.
const ONE_DRIVER_BY_DESIGN = new Set([
  "database-down.test.ts",
  "api-key-cli.test.ts",
  "test-db-reset.test.ts",
  "pglite-lock.test.ts",
  "fault-pglite-kill.test.ts",
]);
// What replaces or resets modules, or fires process-wide events, would reach the files sharing its worker.
const PROCESS_WIDE = /\bvi\.(mock|doMock|resetModules|stubGlobal)\(|process\.emit\(/;

describe("the integration files run per driver and per worker (tests/driver-sensitive.json)", () => {
  it("names only files that exist", () => {
    expect(Object.keys(DRIVER_SENSITIVE).filter((f) => !files.includes(f))).toEqual([]);
    expect(Object.keys(ISOLATED).filter((f) => !files.includes(f))).toEqual([]);
  });

  it("runs every PostgreSQL-only file in the PostgreSQL pass, and skips none of them on PGlite (they are left out)", () => {
    expect(Object.keys(POSTGRES_ONLY).filter((f) => !DRIVER_SENSITIVE[f])).toEqual([]);
    expect(files.filter((f) => /\.skip(If)?\(/.test(source(f)))).toEqual([]);
  });

  it("runs on both drivers every file that opens a database of its own or branches on the driver", () => {
    const missing = files.filter(
      (f) => OWN_DATABASE.test(source(f)) && !DRIVER_SENSITIVE[f] && !ONE_DRIVER_BY_DESIGN.has(f),
    );
    expect(missing, "add them to DRIVER_SENSITIVE with the reason").toEqual([]);
  });

  it("isolates every file that mocks or resets modules or emits process events", () => {
    const missing = files.filter((f) => PROCESS_WIDE.test(source(f)) && !ISOLATED[f]);
    expect(missing, "add them to ISOLATED with the reason").toEqual([]);
  });
});
