import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, optionsFromEnv } from "@/db/client";
import { parseEnv } from "@/env";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { apiKeyCli } from "../../scripts/cli/api-key";
import { dbMigrateCli } from "../../scripts/cli/db-migrate";
import { dbSeedCli } from "../../scripts/cli/db-seed";
import { demoCli } from "../../scripts/cli/demo";
import { runInProcess, type Cli } from "../../scripts/cli/io";
import { statementsCli } from "../../scripts/cli/statements";
import { userCli } from "../../scripts/cli/user";
import { workerCli } from "../../scripts/cli/worker";
import { adminQuery, databaseUrl } from "../helpers/db-template";

// A command that got past its usage check fails at once on these settings (PORT=0 is refused) instead of doing its
// work: seeding, or building and serving the demo.
const REFUSED_SETTINGS = { PGLITE_DIR: "memory://", PORT: "0" };

// docs/product-rules.md, "The command line": every CLI command answers --help and a wrong option with its usage and exit code 2, never a stack
// trace and never by doing its work. (api-key, user and statements have their own suites with their real commands.)
describe("the CLI commands' usage", () => {
  it.each<[string, Cli, string]>([
    ["db-migrate", dbMigrateCli, "npm run db:migrate"],
    ["db-seed", dbSeedCli, "npm run db:seed"],
    // A worker that got past its usage check would stop at once.
    ["worker", (argv, io) => workerCli(argv, io, () => Promise.resolve()), "npm run worker"],
    ["demo", demoCli, "npm run demo"],
    ["api-key", apiKeyCli, "npm run --silent api-key -- create"],
    ["user", userCli, "npm run --silent user -- create"],
    ["statements", statementsCli, "npm run --silent statements -- --month YYYY-MM"],
  ])("%s: --help and a wrong option print the usage and exit 2", async (script, cli, usage) => {
    for (const args of [["--help"], ["--bogus"], ["extra"]]) {
      const run = await runInProcess(cli, args, REFUSED_SETTINGS);
      expect(run, `${script} ${args.join(" ")}`).toMatchObject({ code: 2, stdout: "" });
      expect(run.stderr).toContain(usage);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

// The one place that starts the scripts as `npm run` does: one process per CLI, proving that scripts/<name>.mts hands
// the process's arguments, stdout, stderr and environment to its command and exits with the command's code.
describe("the CLI scripts", { timeout: 120_000 }, () => {
  const execute = promisify(execFile);
  const template = inject("dbTemplate");
  const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-cli-scripts-"));
  const pgName = `coverdesk_cli_${randomBytes(6).toString("hex")}`;
  // A migrated database of these runs' own, copied from the run's template, named as the scripts read it.
  const target =
    template.driver === "pg"
      ? { DATABASE_URL: databaseUrl(template.url, pgName) }
      : { DATABASE_URL: "", PGLITE_DIR: path.join(dir, "pglite") };

  beforeAll(async () => {
    if (template.driver === "pg")
      return adminQuery(template.url, `create database ${pgName} template ${template.database}`);
    const handle = await createDb({
      driver: "pglite",
      dataDir: target.PGLITE_DIR,
      loadDataDir: new Blob([readFileSync(template.dumpFile)]),
    });
    await handle.close();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template.driver === "pg") await adminQuery(template.url, `drop database if exists ${pgName} with (force)`);
  });

  const spawned = (script: string, args: string[]) =>
    execute("npx", ["tsx", `scripts/${script}.mts`, ...args], { env: { ...process.env, ...target } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it.each([
    ["db-migrate", "npm run db:migrate"],
    ["db-seed", "npm run db:seed"],
    ["worker", "npm run worker"],
    ["demo", "npm run demo"],
    ["statements", "npm run --silent statements -- --month YYYY-MM"],
  ])("%s --help prints the usage on stderr and exits 2", async (script, usage) => {
    const run = await spawned(script, ["--help"]);
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain(usage);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("api-key create prints the key alone on stdout and exits 0; the key is in the database the environment names", async () => {
    const run = await spawned("api-key", ["create", "--staff"]);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^cd_[A-Za-z0-9_-]{43}\n$/) });
    const handle = await createDb(optionsFromEnv(parseEnv(target)));
    try {
      expect(await actorFromAuthorization(handle.db, `Bearer ${run.stdout.trim()}`)).toMatchObject({
        kind: "employee",
      });
    } finally {
      await handle.close();
    }
  });

  // A refusal is the domain's DomainError, caught by the command: under tsx only if both load the same lib/errors.ts.
  it("user link for an unknown email prints the refusal on stderr, no stack trace, and exits 1", async () => {
    const run = await spawned("user", ["link", "--email", "nobody@ops.example"]);
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr).toContain("An active user with email nobody@ops.example was not found.\n");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
