import { dbMigrateCli } from "./cli/db-migrate";
import { processIo } from "./cli/io";

process.exitCode = await dbMigrateCli(process.argv.slice(2), processIo());
