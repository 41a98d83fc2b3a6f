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
import { adminQuery, databaseUrl } from "../helpers/db-template";

// The scripts that reach a database, started as `npm run` starts them (tsx, on the run's driver): scripts/<name>.mts
// hands the process's environment to its command, and the command's output and exit code to the process. The other
// scripts' wiring is proven in cli-help.test.ts, which needs no database.
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
    execute(process.execPath, ["--import", "tsx", `scripts/${script}.mts`, ...args], {
      env: { ...process.env, ...target },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

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
