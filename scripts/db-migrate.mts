import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

cliArgs(
  `Usage: npm run db:migrate\n  Applies the pending migrations to DATABASE_URL, or to the embedded database in PGLITE_DIR.`,
  {},
  ({ positionals }) => positionals.length === 0,
);

const driver = await withDb((h) => Promise.resolve(h.driver));
console.error(`Migrations applied (${driver}).`);
