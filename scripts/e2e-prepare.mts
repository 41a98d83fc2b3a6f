// The browser tests' database, prepared in one process before their server starts (playwright.config.ts): the demo
// data, then a client key and a staff key written to the two files named (e2e/helpers.ts apiKey() reads them).
// One process, not three `npm run` calls: each would start tsx and open the database again.
import { writeFileSync } from "node:fs";
import { apiKeyCli } from "./cli/api-key";
import { dbSeedCli } from "./cli/db-seed";
import { fileLateRequest } from "./cli/e2e-late-request";
import { processIo, runInProcess } from "./cli/io";
import { withDb } from "./with-db";

const USAGE = "Usage: tsx scripts/e2e-prepare.mts <client key file> <staff key file>";
const files = process.argv.slice(2);
if (files.length !== 2) {
  console.error(USAGE);
  process.exit(2);
}

const io = processIo();
let code = await dbSeedCli([], io);
if (code === 0)
  code = await withDb(io, async (h) => {
    await fileLateRequest(h.db);
    return 0;
  });
for (const [file, argv] of [
  [files[0]!, ["create", "--client", "Demo Records"]],
  [files[1]!, ["create", "--staff"]],
] as const) {
  if (code !== 0) break;
  const run = await runInProcess(apiKeyCli, [...argv], io.env);
  io.stderr(run.stderr);
  if (run.code === 0) writeFileSync(file, run.stdout);
  code = run.code;
}
process.exitCode = code;
