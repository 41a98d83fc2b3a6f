import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createDb, type DbHandle } from "@/db/client";
import { verifyCredentials } from "@/lib/auth/users";
import { resetPassword } from "@/lib/people/reset-password";
import { runInProcess } from "../../scripts/cli/io";
import { userCli } from "../../scripts/cli/user";
import { adminQuery, databaseUrl } from "../helpers/db-template";
import { PASSWORD } from "../helpers/people";

const dir = mkdtempSync(path.join(tmpdir(), "coverdesk-user-cli-"));
const template = inject("dbTemplate");
// The CLI runs on an empty embedded database in its own folder, or (when the suite runs on PostgreSQL) on an
// empty database of that server: the first run of a fresh deployment.
const pgName = `coverdesk_cli_${randomBytes(6).toString("hex")}`;
const target =
  template.driver === "pg"
    ? { DATABASE_URL: databaseUrl(template.url, pgName) }
    : { PGLITE_DIR: path.join(dir, "pglite") };

beforeAll(async () => {
  // The link's address is the domain's setting (read from the process's environment), not the command's.
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.example.com");
  if (template.driver === "pg") await adminQuery(template.url, `create database ${pgName}`);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
  if (template.driver === "pg") await adminQuery(template.url, `drop database if exists ${pgName} with (force)`);
});

// The command in this process, as `npm run user` runs it, on the database `target` names (never the suite's own).
const cli = (...args: string[]) => runInProcess(userCli, args, target);
async function withTargetDb<T>(work: (h: DbHandle) => Promise<T>): Promise<T> {
  const handle = await createDb(
    target.DATABASE_URL ? { driver: "pg", url: target.DATABASE_URL } : { driver: "pglite", dataDir: target.PGLITE_DIR },
  );
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}
const LINK = /^https:\/\/desk\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})\n$/;

describe("npm run user", { timeout: 120_000 }, () => {
  it("creates the first employee on an empty database and prints a one-time link alone on stdout; the link sets the password", async () => {
    const { code, stdout, stderr } = await cli(
      "create",
      "--staff",
      "--email",
      "First@Ops.example",
      "--name",
      "First Operator",
    );
    expect(code, stderr).toBe(0);
    const token = LINK.exec(stdout)?.[1];
    expect(token, stdout).toBeDefined();
    await withTargetDb(async ({ db }) => {
      expect(await verifyCredentials(db, "first@ops.example", PASSWORD)).toBeNull(); // no password yet
      await resetPassword(db, token!, { password: PASSWORD, confirm: PASSWORD });
      expect(await verifyCredentials(db, "first@ops.example", PASSWORD)).toMatchObject({
        role: "employee",
        name: "First Operator",
      });
      await expect(resetPassword(db, token!, { password: PASSWORD, confirm: PASSWORD })).rejects.toMatchObject({
        code: "not_found",
      });
    });
  });

  it("refuses a duplicate email with a clear message, and prints a fresh link for an existing user with `link`", async () => {
    expect(await cli("create", "--staff", "--email", "first@ops.example", "--name", "Again")).toEqual({
      code: 1,
      stdout: "",
      stderr: expect.stringMatching(/^first@ops\.example already has a CoverDesk sign-in \(user \d+\)\.\n$/),
    });
    expect(await cli("link", "--email", "first@ops.example")).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(LINK),
    });
    expect(await cli("link", "--email", "nobody@ops.example")).toEqual({
      code: 1,
      stdout: "",
      stderr: "An active user with email nobody@ops.example was not found.\n",
    });
  });

  it.each([
    ["--help", ["--help"]],
    ["no command", []],
    ["an unknown option", ["create", "--staff", "--email", "a@b.example", "--name", "A", "--admin"]],
    ["create without --staff", ["create", "--email", "a@b.example", "--name", "A"]],
    ["create without a name", ["create", "--staff", "--email", "a@b.example"]],
  ])("%s: prints the usage and exits 2", async (_label, args) => {
    expect(await cli(...args)).toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage") });
  });
});
