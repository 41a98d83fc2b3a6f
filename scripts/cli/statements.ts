import { DomainError } from "@/lib/errors";
import { runStatements } from "@/lib/statements/run-statements";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";
import { formatUsd } from "@/lib/formatting";

const USAGE = `Usage:
  npm run --silent statements -- --month YYYY-MM
Makes the month's statements of account (one per licensee per copyright owner) and its payout batch, due by the
20th of the next month, of what each owner is owed at or above the owner's own minimum. Only a month that has ended
can be run. Running a month again changes nothing. Months run in order. Prints a summary on stdout.`;

/** npm run statements (scripts/statements.mts): prints a summary on stdout; a refused month exits 1. */
export async function statementsCli(argv: string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(
    argv,
    USAGE,
    { month: { type: "string" } },
    ({ positionals, values: v }) => positionals.length === 0 && /^\d{4}-(0[1-9]|1[0-2])$/.test(v.month ?? ""),
    io.stderr,
  );
  if (!args) return USAGE_EXIT;
  const month = args.values.month!;
  return withDb(io, async ({ db }) => {
    try {
      const run = await runStatements(db, { kind: "system", name: "npm run statements" }, month);
      const verb = run.created ? "Made" : "Already made:";
      io.stdout(
        `${verb} statements for ${run.month}: ${run.statements.length} statements, payouts ${formatUsd(run.payoutBatch.total)} to ${run.payoutBatch.items.length} owners.\n`,
      );
      return 0;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      io.stderr(`${e.detail}\n`);
      return 1;
    }
  });
}
