import { statementsCli } from "./cli/statements";
import { processIo } from "./cli/io";

process.exitCode = await statementsCli(process.argv.slice(2), processIo());
