import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, DataDirInUseError } from "@/db/client";

const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-lock-"));
const dataDir = path.join(dir, "pglite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test makes an embedded database on disk, which takes a while on a busy machine (CI runs the browser tests
// meanwhile).
describe("embedded database folder lock", { timeout: 120_000 }, () => {
  it("refuses a second process on the same folder with a plain message", async () => {
    const first = await createDb({ driver: "pglite", dataDir });
    try {
      // The lock holds the owner's pid; another live process's pid in it means "in use".
      writeFileSync(`${dataDir}.lock`, String(process.ppid));
      await expect(createDb({ driver: "pglite", dataDir })).rejects.toThrow(DataDirInUseError);
      await expect(createDb({ driver: "pglite", dataDir })).rejects.toThrow(/in use by another process .*DATABASE_URL/);
      writeFileSync(`${dataDir}.lock`, String(process.pid));
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("takes over a stale lock of a dead process", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    writeFileSync(`${dataDir}.lock`, dead);
    const handle = await createDb({ driver: "pglite", dataDir });
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    await handle.close();
  });

  it("never removes a lock that another process took after it released its own", async () => {
    const handle = await createDb({ driver: "pglite", dataDir });
    await handle.close();
    writeFileSync(`${dataDir}.lock`, String(process.ppid)); // the server started after seeding
    process.emit("exit", 0); // what used to delete the server's lock when `npm run demo` exited
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.ppid));
    rmSync(`${dataDir}.lock`);
  });
});
