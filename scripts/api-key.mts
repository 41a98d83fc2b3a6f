import { apiKeyCli } from "./cli/api-key";
import { processIo } from "./cli/io";

process.exitCode = await apiKeyCli(process.argv.slice(2), processIo());
