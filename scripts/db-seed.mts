import { dbSeedCli } from "./cli/db-seed";
import { processIo } from "./cli/io";

process.exitCode = await dbSeedCli(process.argv.slice(2), processIo());
