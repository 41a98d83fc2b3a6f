import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { env, type Env } from "@/env";

// Both PGlite Results<T> and pg QueryResult<T> have `rows: T[]`; this keeps db.execute() typed on both.
interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this["row"]>;
}
type RowsOf<T> = { rows: T[] };
// No schema is passed to drizzle(): its relational API (db.query) is unused, and with a schema every transaction
// built a query builder per table, CPU spent on every transaction of the API's hot path (`npm run bench:http` shows
// the CPU per request).
type NoSchema = Record<string, never>;
export type Db = PgDatabase<RowsResultHKT, NoSchema>;
export type Tx = PgTransaction<RowsResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Conn = Db | Tx;

export type DbHandle = { db: Db; driver: "pglite" | "pg"; migrate(): Promise<void>; close(): Promise<void> };
/** PGlite: in memory without `dataDir`; `loadDataDir` starts it from a dump (PGlite's dumpDataDir()). */
export type DbOptions = { driver: "pg"; url: string } | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob };

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

export function optionsFromEnv(settings: Pick<Env, "DATABASE_URL" | "PGLITE_DIR"> = env()): DbOptions {
  if (settings.DATABASE_URL) return { driver: "pg", url: settings.DATABASE_URL };
  const dir = settings.PGLITE_DIR; // not path.resolve()d: Turbopack would trace the whole project
  return { driver: "pglite", dataDir: dir === "memory://" ? undefined : dir };
}

export async function createDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.driver === "pg") {
    const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    // A connection attempt that hangs (a server half way through a restart) gives up: the caller gets a 503.
    // Idle connections stay open for 10 minutes, not pg's 10 seconds: a new server process reads the catalog again for
    // every table and index a page touches, so a page opened after a pause paid for that reading again, on the
    // heaviest pages at scale (Billing) far more than for its queries. Open idle connections do not keep a script's
    // process alive (allowExitOnIdle).
    const pool = new Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 600_000,
      allowExitOnIdle: true,
    });
    // A connection the server drops (restart, failover, pg_terminate_backend) must never crash the process: an idle
    // one is reported on the pool, a checked-out one on its client, which has no listener of its own while in use.
    // The query in flight fails (a 503 for the caller) and the pool replaces the connection.
    pool.on("error", (err) => console.error("PostgreSQL idle connection lost:", err.message));
    pool.on("connect", (client) =>
      client.on("error", (err) => console.error("PostgreSQL connection lost:", err.message)),
    );
    const db = drizzle({ client: pool });
    return {
      db,
      driver: "pg",
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }, { installDrizzleParsers }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("./pglite-parsers"),
  ]);
  let release = () => {};
  if (opts.dataDir) {
    // PGlite's own mkdir is not recursive.
    await mkdir(path.dirname(/*turbopackIgnore: true*/ opts.dataDir), { recursive: true });
    release = lockDataDir(opts.dataDir);
  }
  try {
    // pg_trgm (catalog matching) is compiled into PGlite as an extension that each instance loads.
    const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
    await client.waitReady;
    installDrizzleParsers(client);
    const db = drizzle({ client });
    return {
      db,
      driver: "pglite",
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

export class DataDirInUseError extends Error {}

// PGlite has no cross-process lock: two processes on one folder silently lose writes. Fail fast instead.
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      // Remove the lock only while it is still ours: a later process (the server started by `npm run demo`
      // after seeding) may hold it by now.
      const release = () => {
        process.off("exit", release);
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(readFileSync(lockPath, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by another process (pid ${pid}), probably the running ` +
            `CoverDesk server. Stop it first, or run both against a PostgreSQL server with DATABASE_URL.`,
        );
      }
      unlinkSync(lockPath); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
