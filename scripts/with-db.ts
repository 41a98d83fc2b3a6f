import { createDb, DataDirInUseError, optionsFromEnv, type DbHandle } from "@/db/client";
import { EnvError, parseEnv, type Env } from "@/env";
import type { CliIo } from "./cli/io";

/**
 * Opens the database `io.env` names, migrates it, runs `work` (given the parsed settings), closes it, and returns
 * `work`'s exit code; says plainly, with exit code 1, when a setting is invalid or PGlite's folder is in use.
 */
export async function withDb(io: CliIo, work: (handle: DbHandle, settings: Env) => Promise<number>): Promise<number> {
  let handle: DbHandle;
  let settings: Env;
  try {
    settings = parseEnv(io.env);
    handle = await createDb(optionsFromEnv(settings));
  } catch (e) {
    if (e instanceof DataDirInUseError || e instanceof EnvError) {
      io.stderr(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  try {
    await handle.migrate();
    return await work(handle, settings);
  } finally {
    await handle.close();
  }
}
