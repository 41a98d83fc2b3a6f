import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage: npm run db:migrate\n  Applies the pending migrations to DATABASE_URL, or to the embedded database in PGLITE_DIR.`;

/** npm run db:migrate (scripts/db-migrate.mts). */
export async function dbMigrateCli(argv: string[], io: CliIo): Promise<number> {
  if (!parseCliArgs(argv, USAGE, {}, ({ positionals }) => positionals.length === 0, io.stderr)) return USAGE_EXIT;
  return withDb(io, ({ driver }) => {
    io.stderr(`Migrations applied (${driver}).\n`);
    return Promise.resolve(0);
  });
}
