import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { actorFromAuthorization } from "@/lib/auth/api-keys";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-cli-"));
const dataDir = path.join(dir, "pglite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The CLI runs on the embedded database in its own folder (never the suite's DATABASE_URL).
const cli = (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir };
  delete env.DATABASE_URL;
  return run("npx", ["tsx", "scripts/api-key.mts", ...args], { env });
};

// Each case spawns tsx processes that open PGlite: slow on a loaded 2-core machine, so a generous timeout.
describe("npm run api-key", { timeout: 120_000 }, () => {
  it("prints a new client key alone on stdout, creating the account, and the key authenticates", async () => {
    const { stdout } = await cli("create", "--client", "CLI Records");
    expect(stdout).toMatch(/^cd_[A-Za-z0-9_-]{43}\n$/);
    const staff = await cli("create", "--staff");
    expect(staff.stdout).toMatch(/^cd_[A-Za-z0-9_-]{43}\n$/);
    const handle = await createDb({ driver: "pglite", dataDir });
    try {
      expect(await actorFromAuthorization(handle.db, `Bearer ${stdout.trim()}`)).toMatchObject({ kind: "client", name: "CLI Records", role: "admin" });
      expect(await actorFromAuthorization(handle.db, `Bearer ${staff.stdout.trim()}`)).toMatchObject({ kind: "employee" });
    } finally {
      await handle.close();
    }
  });

  it.each([[["create"]], [["--help"]], [["create", "--staff", "--role", "member"]]])("%j: prints the usage and exits 2", async (args) => {
    await expect(cli(...args)).rejects.toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage") });
  });
});
