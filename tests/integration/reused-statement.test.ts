import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Conn, Db } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { accounts } from "@/db/schema";
import { env } from "@/env";
import { setupTestDb } from "../helpers/test-db";

// Issue 13: statements built once per driver run on whichever connection each call passes, with that session's logger.
const db = setupTestDb();

const accountNamed = (conn: Conn, name: string) =>
  reusedStatement(conn, "test: account by name", (statementName) =>
    conn.select({ name: accounts.name }).from(accounts).where(eq(accounts.name, sql.placeholder("name"))).prepare(statementName),
  ).execute({ name });

class RolledBack extends Error {}

async function inRolledBackTransaction(name: string): Promise<string[]> {
  let seen: string[] = [];
  await db()
    .transaction(async (tx) => {
      await tx.insert(accounts).values({ name });
      seen = (await accountNamed(tx, name)).map((row) => row.name);
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return seen;
}

describe("reusedStatement", () => {
  it("runs inside each transaction it is given, built in the first, and on the pool after", async () => {
    expect(await inRolledBackTransaction("Reused First Records")).toEqual(["Reused First Records"]);
    expect(await inRolledBackTransaction("Reused Second Records")).toEqual(["Reused Second Records"]);
    expect(await accountNamed(db(), "Reused First Records")).toEqual([]);
    await db().insert(accounts).values({ name: "Reused Committed Records" });
    expect(await accountNamed(db(), "Reused Committed Records")).toEqual([{ name: "Reused Committed Records" }]);
  });

  it("logs through the logger of the handle it runs on, not the one that built it", async () => {
    await accountNamed(db(), "Reused Logged Records");
    const logged: string[] = [];
    const logger = { logQuery: (query: string) => void logged.push(query) };
    const client = (db() as unknown as { $client: never }).$client;
    const recording = (
      env().DATABASE_URL
        ? (await import("drizzle-orm/node-postgres")).drizzle({ client, logger })
        : (await import("drizzle-orm/pglite")).drizzle({ client, logger })
    ) as unknown as Db;
    await accountNamed(recording, "Reused Logged Records");
    expect(logged).toEqual([expect.stringMatching(/^select "name" from "accounts" where "accounts"."name" = \$1/)]);
  });
});
