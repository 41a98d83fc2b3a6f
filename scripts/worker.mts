import { env } from "@/env";
import { startOutboxWorker } from "@/lib/outbox/outbox-worker";
import { smtpMailer } from "@/lib/outbox/mailer";
import { withDb } from "./with-db";

// The outbox delivery loop as its own process, for deployments that run it apart from the web servers
// (set OUTBOX_WORKER=off on those). Any number may run against one PostgreSQL: each message is claimed once.
const { SMTP_URL: smtpUrl, OUTBOX_POLL_MS: intervalMs } = env();
if (!smtpUrl) {
  console.error("SMTP_URL is not set, so there is nothing to send with; messages stay in the outbox.");
  process.exit(1);
}

await withDb(async ({ db, driver }) => {
  const worker = startOutboxWorker({ db: () => Promise.resolve(db), mailer: smtpMailer(smtpUrl), intervalMs });
  const shown = new URL(smtpUrl);
  if (shown.password) shown.password = "***";
  console.error(`Outbox worker (${driver}) sending over ${shown.toString()} every ${intervalMs} ms. Ctrl-C stops it.`);
  const keepAlive = setInterval(() => {}, 1 << 30); // the worker's own timer is unref()'d
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  clearInterval(keepAlive);
  await worker.stop();
});
