import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { createDb } from "@/db/client";

/** Where each integration test file gets its database from: a migrated template made once per run. */
export type DbTemplate = { driver: "pglite"; dumpFile: string } | { driver: "pg"; url: string; database: string };

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
    /** Set on the project whose files share their worker's modules: on PGlite they share its instance too. */
    shareWorkerDatabase?: boolean;
  }
}

/**
 * Vitest globalSetup of the integration project: migrates one database and hands it to every test file, which
 * then starts from a copy instead of migrating its own (PGlite: a dump of the migrated data folder; PostgreSQL:
 * a template database, copied with `create database … template …`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const name = `coverdesk_template_${randomBytes(6).toString("hex")}`;
  if (!url) {
    const handle = await createDb({ driver: "pglite" });
    await handle.migrate();
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await handle.close();
    const dumpFile = path.join(tmpdir(), `${name}.tar`);
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    project.provide("dbTemplate", { driver: "pglite", dumpFile });
    return () => Promise.resolve(rmSync(dumpFile, { force: true }));
  }
  await adminQuery(url, `create database ${name}`);
  const handle = await createDb({ driver: "pg", url: databaseUrl(url, name) });
  await handle.migrate();
  await handle.close(); // a template must have no open connections while it is copied
  project.provide("dbTemplate", { driver: "pg", url, database: name });
  return () => adminQuery(url, `drop database if exists ${name} with (force)`);
}

/** The URL of `database` on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** Runs one statement (create or drop database) on its own connection. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
