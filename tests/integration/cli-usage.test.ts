import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

// product.md §2: every CLI command answers --help and a wrong option with its usage and exit code 2, never a stack
// trace and never by doing its work. (api-key and user have their own suites with their real commands.)
describe("the CLI commands' usage", { timeout: 120_000 }, () => {
  it.each([
    ["db-migrate", "npm run db:migrate"],
    ["db-seed", "npm run db:seed"],
    ["worker", "npm run worker"],
    ["demo", "npm run demo"],
    ["api-key", "npm run --silent api-key -- create"],
    ["user", "npm run --silent user -- create"],
  ])("%s: --help and a wrong option print the usage and exit 2", async (script, usage) => {
    for (const args of [["--help"], ["--bogus"], ["extra"]]) {
      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: "memory://", DATABASE_URL: "" };
      const failure = await run("npx", ["tsx", `scripts/${script}.mts`, ...args], { env }).then(
        () => null,
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(failure, `${script} ${args.join(" ")}`).toMatchObject({ code: 2, stdout: "" });
      expect(failure!.stderr).toContain(usage);
      expect(failure!.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
