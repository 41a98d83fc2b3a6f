import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { apiKeyCli } from "../../scripts/cli/api-key";
import { dbMigrateCli } from "../../scripts/cli/db-migrate";
import { dbSeedCli } from "../../scripts/cli/db-seed";
import { demoCli } from "../../scripts/cli/demo";
import { runInProcess, type Cli } from "../../scripts/cli/io";
import { statementsCli } from "../../scripts/cli/statements";
import { userCli } from "../../scripts/cli/user";
import { workerCli } from "../../scripts/cli/worker";

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

// The one place that starts the other scripts as `npm run` does (tsx, a process each): scripts/<name>.mts hands the
// process's arguments to its command, and its stdout, stderr and exit code back. A usage refusal reads no database,
// so this runs once, whatever the driver (the scripts that reach a database: cli-usage.test.ts).
describe("the CLI scripts' usage", { timeout: 120_000 }, () => {
  const execute = promisify(execFile);
  const spawned = (script: string, args: string[]) =>
    execute(process.execPath, ["--import", "tsx", `scripts/${script}.mts`, ...args], {
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: "memory://" },
    }).then(
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
});
