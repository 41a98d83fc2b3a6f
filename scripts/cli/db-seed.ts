import { seed } from "@/db/seed";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage: npm run db:seed\n  Loads the demo data (users, a song catalog, requests in every status) into the database.`;

/** npm run db:seed (scripts/db-seed.mts). */
export async function dbSeedCli(argv: string[], io: CliIo): Promise<number> {
  if (!parseCliArgs(argv, USAGE, {}, ({ positionals }) => positionals.length === 0, io.stderr)) return USAGE_EXIT;
  return withDb(io, async (h) => {
    const summary = await seed(h.db);
    io.stderr(`Demo data ready (${h.driver}): ${summary}\n`);
    return 0;
  });
}
