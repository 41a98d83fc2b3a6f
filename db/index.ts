// The app's data-access entry: Next refuses to bundle it into client code. Scripts open the database through
// db/client.ts instead, and Vitest resolves "server-only" as React's server condition does (vitest.config.mts).
import "server-only";
import { createDb, optionsFromEnv, type Db, type DbHandle } from "./client";

// On globalThis, not a module-level let: Next compiles instrumentation, route handlers and pages into
// separate module graphs, and each would otherwise open its own PGlite on the same folder.
const g = globalThis as unknown as { __coverdeskDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  g.__coverdeskDb ??= (async () => {
    const handle = await createDb(optionsFromEnv());
    await handle.migrate();
    return handle;
  })();
  return g.__coverdeskDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
