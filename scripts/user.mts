import { userCli } from "./cli/user";
import { processIo } from "./cli/io";

process.exitCode = await userCli(process.argv.slice(2), processIo());
