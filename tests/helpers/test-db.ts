import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createDb, type Db, type DbHandle } from "@/db/client";

/**
 * A fresh migrated database: in-memory PGlite by default, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
export async function freshDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await createDb({ driver: "pglite" });
    await handle.migrate();
    return handle;
  }
  const { Client } = await import("pg");
  const name = `coverdesk_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await createDb({ driver: "pg", url: target.toString() });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Registers a fresh database for this test file and installs it as the app's database, so route
 * handlers called in the test use it. Returns a getter (the database exists only after beforeAll).
 */
export function setupTestDb(): () => Db {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await freshDb();
    (globalThis as unknown as { __coverdeskDb?: Promise<DbHandle> }).__coverdeskDb = Promise.resolve(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("The test database is not ready yet (use it inside tests or hooks).");
    return handle.db;
  };
}
