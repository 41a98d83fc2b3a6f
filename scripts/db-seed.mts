import { seed } from "@/db/seed";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

cliArgs(
  `Usage: npm run db:seed\n  Loads the demo data (users, a song catalog, requests in every status) into the database.`,
  {},
  ({ positionals }) => positionals.length === 0,
);

await withDb(async (h) => {
  const summary = await seed(h.db);
  console.error(`Demo data ready (${h.driver}): ${summary}`);
});
