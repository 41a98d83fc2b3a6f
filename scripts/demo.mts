import { demoCli } from "./cli/demo";
import { processIo } from "./cli/io";

process.exitCode = await demoCli(process.argv.slice(2), processIo());
