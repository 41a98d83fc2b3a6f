import { backgroundJobs, startOutboxWorker } from "@/lib/jobs/outbox-worker";
import { smtpMailer } from "@/lib/outbox/mailer";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage: npm run worker\n  Runs the job loops (daily digest, webhooks, import checks and filing, outbox mail) as its own process; needs DATABASE_URL.`;

/**
 * npm run worker (scripts/worker.mts): the job loops (daily digest, webhooks, import checks and filing, outbox mail) as its own process, for
 * deployments that run it apart from the web servers (set OUTBOX_WORKER=off on those). Any number may run against
 * one PostgreSQL: each message is claimed once, and each day's digest is written once. Runs until `stopped`
 * resolves (the entry file: SIGINT or SIGTERM).
 */
export async function workerCli(argv: string[], io: CliIo, stopped: () => Promise<void>): Promise<number> {
  if (!parseCliArgs(argv, USAGE, {}, ({ positionals }) => positionals.length === 0, io.stderr)) return USAGE_EXIT;
  return withDb(io, async ({ db, driver }, { SMTP_URL: smtpUrl, OUTBOX_POLL_MS: intervalMs }) => {
    const mailer = smtpUrl ? smtpMailer(smtpUrl) : null;
    const worker = startOutboxWorker({ db: () => Promise.resolve(db), mailer, intervalMs, jobs: backgroundJobs() });
    let sending = "SMTP_URL is not set, so mail stays in the outbox";
    if (smtpUrl) {
      const shown = new URL(smtpUrl);
      if (shown.password) shown.password = "***";
      sending = `sending over ${shown.toString()}`;
    }
    io.stderr(
      `Job worker (${driver}): daily digest, webhooks, import checks and filing, ${sending}; every ${intervalMs} ms. Ctrl-C stops it.\n`,
    );
    await stopped();
    await worker.stop();
    return 0;
  });
}
