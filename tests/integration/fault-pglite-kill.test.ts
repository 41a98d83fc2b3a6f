import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { accounts } from "@/db/schema";

const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-kill-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database killed with SIGKILL during writes", () => {
  it("opens again on the same folder with every acknowledged write", { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, "pglite");
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/pglite-writer.ts", dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const acked: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffer = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith("acked ")) acked.push(line.slice(6));
        // Kill it mid-stream, while it keeps writing.
        if (acked.length >= 200 && child.exitCode === null && !child.killed) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", (code, signal) =>
        signal === "SIGKILL" ? resolve() : reject(new Error(`writer exited ${code}`)),
      );
    });
    await new Promise((r) => child.once("close", r));

    const reopened = await createDb({ driver: "pglite", dataDir }); // also takes over the dead process's lock
    try {
      const names = new Set((await reopened.db.select({ name: accounts.name }).from(accounts)).map((a) => a.name));
      const lost = acked.filter((n) => !names.has(n));
      console.log(
        `[pglite kill] ${acked.length} writes acknowledged before SIGKILL, ${names.size} rows after reopening; lost: ${lost.length}`,
      );
      expect(lost).toEqual([]);
      await reopened.db.insert(accounts).values({ name: "After the crash" }); // and it takes writes again
    } finally {
      await reopened.close();
    }
  });
});
