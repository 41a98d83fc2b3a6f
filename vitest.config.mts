import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Which integration files run on both drivers, and which run in a worker of their own: tests/driver-sensitive.json.
const { driverSensitive, isolated, postgresOnly } = JSON.parse(
  readFileSync(new URL("./tests/driver-sensitive.json", import.meta.url), "utf8"),
) as {
  driverSensitive: Record<string, string>;
  isolated: Record<string, string>;
  postgresOnly: Record<string, string>;
};

const integration = (files: string[]) => files.map((f) => `tests/integration/${f}`);
// `npm run test:drivers`: only the files whose behaviour can differ by driver (CI runs them on PostgreSQL).
const driversOnly = process.env.TEST_DRIVER_SENSITIVE_ONLY === "1";
const INTEGRATION = driversOnly ? integration(Object.keys(driverSensitive)) : ["tests/integration/**/*.test.ts"];
// Left out on the embedded database rather than skipped: they prove what only a PostgreSQL server has.
const NOT_ON_THIS_DRIVER = process.env.DATABASE_URL ? [] : integration(Object.keys(postgresOnly));

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // What the "react-server" export condition gives Next's server code (see db/index.ts).
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // next-auth imports "next/server" without the extension Node's resolver needs; Vite's resolver finds it.
    server: { deps: { inline: ["next-auth"] } },
    // Auth.js reads its secret once, when auth.ts is loaded, and files of a worker share that module: one secret for
    // every file, so that no file's order decides which secret signed a cookie another file decodes.
    env: { AUTH_SECRET: "vitest-secret-not-for-production-0123456789" },
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Database tests wait on I/O and
    // on each other's locks often enough that one worker per core keeps both busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./tests/reporters/vitest-timings.ts"],
    projects: [
      // Files share their worker's loaded modules (no per-file isolation): each file still gets its own database.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false } },
      {
        extends: true,
        test: {
          name: "integration-shared",
          include: INTEGRATION,
          exclude: [...integration(Object.keys(isolated)), ...NOT_ON_THIS_DRIVER],
          isolate: false,
          // On PGlite the files of a worker share one instance, reset between files (tests/helpers/pglite-reset.ts).
          provide: { shareWorkerDatabase: true },
          // Migrates one template database per run; each file starts from a copy of it.
          globalSetup: ["tests/helpers/db-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Named to sort before integration-shared: vitest starts a run's projects in name order, so these (the
          // slowest file among them) begin first and the shared files fill the other worker meanwhile.
          name: "integration-alone",
          include: integration(Object.keys(isolated)).filter((f) => !driversOnly || INTEGRATION.includes(f)),
          exclude: NOT_ON_THIS_DRIVER,
          globalSetup: ["tests/helpers/db-template.ts"],
        },
      },
    ],
  },
});
