import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { apiKeyCli } from "../../scripts/cli/api-key";
import { runInProcess } from "../../scripts/cli/io";

const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-cli-"));
const dataDir = path.join(dir, "pglite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The command in this process, as `npm run api-key` runs it, on the embedded database in its own folder (never the
// suite's DATABASE_URL).
const cli = (...args: string[]) => runInProcess(apiKeyCli, args, { PGLITE_DIR: dataDir });
const KEY = /^cd_[A-Za-z0-9_-]{43}\n$/;

// The first case migrates a fresh PGlite folder: slow on a loaded 2-core machine, so a generous timeout.
describe("npm run api-key", { timeout: 120_000 }, () => {
  it("prints a new client key alone on stdout, creating the account, and the key authenticates", async () => {
    const client = await cli("create", "--client", "CLI Records");
    expect(client).toMatchObject({ code: 0, stdout: expect.stringMatching(KEY) });
    const staff = await cli("create", "--staff");
    expect(staff).toMatchObject({ code: 0, stdout: expect.stringMatching(KEY) });
    const handle = await createDb({ driver: "pglite", dataDir });
    try {
      expect(await actorFromAuthorization(handle.db, `Bearer ${client.stdout.trim()}`)).toMatchObject({
        kind: "client",
        name: "CLI Records",
        role: "admin",
      });
      expect(await actorFromAuthorization(handle.db, `Bearer ${staff.stdout.trim()}`)).toMatchObject({
        kind: "employee",
      });
    } finally {
      await handle.close();
    }
  });

  it.each([[["create"]], [["--help"]], [["create", "--staff", "--role", "member"]]])(
    "%j: prints the usage and exits 2",
    async (args) => {
      expect(await cli(...args)).toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage") });
    },
  );
});
