import { createDb, DataDirInUseError, optionsFromEnv, type DbHandle } from "@/db/client";
import { EnvError } from "@/env";

/** Opens the configured database, migrates it, runs `work`, closes it; says plainly when PGlite is in use. */
export async function withDb<T>(work: (handle: DbHandle) => Promise<T>): Promise<T> {
  let handle: DbHandle;
  try {
    handle = await createDb(optionsFromEnv());
  } catch (e) {
    if (e instanceof DataDirInUseError || e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  try {
    await handle.migrate();
    return await work(handle);
  } finally {
    await handle.close();
  }
}
