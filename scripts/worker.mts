import { env } from "@/env";
import { BACKGROUND_JOBS, startOutboxWorker } from "@/lib/outbox/outbox-worker";
import { smtpMailer } from "@/lib/outbox/mailer";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

cliArgs(
  `Usage: npm run worker\n  Runs the job loop (daily digest, webhooks, outbox mail) as its own process; needs DATABASE_URL.`,
  {},
  ({ positionals }) => positionals.length === 0,
);

// The job loop (daily digest, webhooks, outbox mail) as its own process, for deployments that run it apart from the web
// servers (set OUTBOX_WORKER=off on those). Any number may run against one PostgreSQL: each message is claimed once,
// and each day's digest is written once.
const { SMTP_URL: smtpUrl, OUTBOX_POLL_MS: intervalMs } = env();

await withDb(async ({ db, driver }) => {
  const mailer = smtpUrl ? smtpMailer(smtpUrl) : null;
  const worker = startOutboxWorker({ db: () => Promise.resolve(db), mailer, intervalMs, jobs: BACKGROUND_JOBS });
  let sending = "SMTP_URL is not set, so mail stays in the outbox";
  if (smtpUrl) {
    const shown = new URL(smtpUrl);
    if (shown.password) shown.password = "***";
    sending = `sending over ${shown.toString()}`;
  }
  console.error(`Job worker (${driver}): daily digest, webhooks, import checks and filing, ${sending}; every ${intervalMs} ms. Ctrl-C stops it.`);
  const keepAlive = setInterval(() => {}, 1 << 30); // the worker's own timer is unref()'d
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  clearInterval(keepAlive);
  await worker.stop();
});
