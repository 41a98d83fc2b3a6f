import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { forgetRateTables } from "@/lib/royalties/load-rate-table";
import { adminQuery, databaseUrl } from "./db-template";
import { clientOf, resettable, type ResettableDb } from "./pglite-reset";

/**
 * A fresh migrated database, copied from the run's template (tests/helpers/db-template.ts): in-memory PGlite
 * by default, or a throwaway database on the PostgreSQL server named by DATABASE_URL (dropped on close).
 */
async function freshDb(): Promise<DbHandle> {
  const template = inject("dbTemplate");
  if (template.driver === "pglite") {
    return createDb({ driver: "pglite", loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
  }
  const name = `coverdesk_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(template.url, `create database ${name} template ${template.database}`);
  const handle = await createDb({ driver: "pg", url: databaseUrl(template.url, name) });
  return {
    ...handle,
    close: async () => {
      // After the outage test a pooled client can stay checked out, and pool.end() waits for it: give it ten seconds,
      // then drop the database anyway (`with (force)` ends whatever is left).
      await Promise.race([handle.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      await adminQuery(template.url, `drop database if exists ${name} with (force)`);
    },
  };
}

// The worker's PGlite instance, kept between the files that share the worker's modules (tests/helpers/pglite-reset.ts).
const shared = globalThis as unknown as { __coverdeskTestPglite?: ResettableDb };

/**
 * The database a file starts with. On PGlite, files that share a worker (the integration-shared project) share its
 * instance, reset to the template's state before each file; a file in a worker of its own gets a fresh instance.
 * On PostgreSQL every file gets its own copy of the template.
 */
async function databaseForFile(): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  if (inject("dbTemplate").driver === "pg" || !inject("shareWorkerDatabase")) {
    const handle = await freshDb();
    return { handle, close: () => handle.close() };
  }
  const kept = shared.__coverdeskTestPglite;
  if (kept && !clientOf(kept.handle).closed) {
    await kept.reset();
    // The reset takes away any year's rates an earlier file entered: so must the rate table its modules cached.
    forgetRateTables();
  } else {
    shared.__coverdeskTestPglite = await resettable(await freshDb());
  }
  return { handle: shared.__coverdeskTestPglite!.handle, close: () => Promise.resolve() };
}

/**
 * Registers a fresh database for this test file and installs it as the app's database, so route
 * handlers called in the test use it. Returns a getter (the database exists only after beforeAll).
 */
export function setupTestDb(): () => Db {
  let handle: DbHandle | undefined;
  let close = () => Promise.resolve();
  beforeAll(async () => {
    ({ handle, close } = await databaseForFile());
    (globalThis as unknown as { __coverdeskDb?: Promise<DbHandle> }).__coverdeskDb = Promise.resolve(handle);
  });
  afterAll(async () => {
    await close();
    // Files share a worker process: the next one must not reach this closed database through the app's handle.
    delete (globalThis as unknown as { __coverdeskDb?: Promise<DbHandle> }).__coverdeskDb;
  });
  return () => {
    if (!handle) throw new Error("The test database is not ready yet (use it inside tests or hooks).");
    return handle.db;
  };
}
