import { DomainError } from "@/lib/errors";
import { runStatements } from "@/lib/statements/run-statements";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

const USAGE = `Usage:
  npm run --silent statements -- --month YYYY-MM
Makes the month's statements of account (one per copyright owner) and its payout batch of what is owed at or above
PAYOUT_MINIMUM. Running a month again changes nothing. Months run in order. Prints a summary on stdout.`;

const { values } = cliArgs(USAGE, { month: { type: "string" } }, ({ positionals, values: v }) => positionals.length === 0 && /^\d{4}-(0[1-9]|1[0-2])$/.test(v.month ?? ""));

try {
  const run = await withDb(({ db }) => runStatements(db, { kind: "system", name: "npm run statements" }, values.month!));
  const verb = run.created ? "Made" : "Already made:";
  process.stdout.write(`${verb} statements for ${run.month}: ${run.statements.length} owners, payouts $${run.payoutBatch.total} to ${run.payoutBatch.items.length} owners.\n`);
} catch (e) {
  if (!(e instanceof DomainError)) throw e;
  console.error(e.detail);
  process.exit(1);
}
