import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
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

  it("names its statements apart in every copy of the module, as Next.js compiles one into each route's code", async () => {
    // Pages, route handlers and the sign-in callback share one pool (db/index.ts keeps it on globalThis) but each
    // bundle has its own copy of this module: two copies numbering from 0 sent two statements under one name to a
    // connection, and PostgreSQL's driver refused the second ("Prepared statements must be unique").
    const copy = async () => {
      vi.resetModules();
      return (await import("@/db/reused-statement")).reusedStatement;
    };
    const [first, second] = [await copy(), await copy()];
    const rows = await db().transaction(async (tx) => {
      const one = await first(tx, "test: one", (name) => tx.select({ n: sql<number>`1` }).from(accounts).limit(1).prepare(name)).execute();
      const two = await second(tx, "test: two", (name) => tx.select({ n: sql<number>`2` }).from(accounts).limit(1).prepare(name)).execute();
      return [...one, ...two];
    });
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
