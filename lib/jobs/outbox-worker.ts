import type { Db } from "@/db/client";
import { env, type Env } from "@/env";
import { checkImports } from "@/lib/imports/check-imports";
import { drainImports } from "@/lib/imports/drain-imports";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer, type Mailer } from "@/lib/outbox/mailer";
import { drainWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { runNoticeDigest } from "./notice-digest";

export type OutboxWorker = {
  stop(): Promise<void>;
  /** Resolves once `count` more ticks have run to their end (tests wait on it, not on the clock). */
  ticks(count: number): Promise<void>;
};
/** A job run on every tick, before mail is delivered; each must be safe to run in several processes at once. */
type Job = (db: Db) => Promise<unknown>;

/**
 * The jobs of the server and of `npm run worker`: the daily notice digest (it runs once a day whoever asks), the
 * delivery of webhook events (they need no mailer), the check of new imports and the filing of queued ones.
 */
export const BACKGROUND_JOBS: Job[] = [
  (db) => runNoticeDigest(db),
  (db) => drainWebhooks(db),
  (db) => checkImports(db),
  (db) => drainImports(db),
];

/**
 * Polls every `intervalMs`: runs the jobs, then delivers what is due in the outbox (only with a mailer: without
 * SMTP_URL the mail waits). Ticks never overlap; the timer is unref()'d so it never keeps a process alive on its
 * own. Safe to run in several processes at once.
 */
export function startOutboxWorker(opts: {
  db: () => Promise<Db>;
  mailer: Mailer | null;
  intervalMs: number;
  jobs?: Job[];
  log?: Pick<Console, "error">;
}): OutboxWorker {
  const log = opts.log ?? console;
  let running: Promise<void> | null = null;
  let finished = 0;
  let waiters: { at: number; resolve: () => void }[] = [];
  const tick = () => {
    running ??= (async () => {
      try {
        const db = await opts.db();
        for (const job of opts.jobs ?? []) {
          await job(db).catch((e: unknown) =>
            log.error("A background job failed; it will run again on the next tick.", e),
          );
        }
        if (opts.mailer) await drainOutbox(db, opts.mailer);
      } catch (e) {
        log.error("Outbox delivery failed; will try again on the next tick.", e);
      } finally {
        running = null;
        finished++;
        for (const w of waiters.filter((w) => w.at <= finished)) w.resolve();
        waiters = waiters.filter((w) => w.at > finished);
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  void tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
    ticks(count) {
      // A tick already under way when asked does not count: it may have read the outbox before the caller's change.
      const at = finished + count + (running ? 1 : 0);
      return new Promise((resolve) => waiters.push({ at, resolve }));
    },
  };
}

const g = globalThis as unknown as { __coverdeskOutboxWorker?: OutboxWorker | null };

/**
 * The server's own job loop (started from instrumentation.ts), unless OUTBOX_WORKER=off because `npm run worker` runs
 * elsewhere: the background jobs (digest, webhooks) always, and mail delivery when SMTP_URL is set (docs/product-rules.md, "Notifications"). Once per process,
 * whatever module graph asks. `overrides` replace settings (tests).
 */
export function startInProcessOutboxWorker(db: () => Promise<Db>, overrides: Partial<Env> = {}): void {
  if (g.__coverdeskOutboxWorker !== undefined) return;
  const settings = { ...env(), ...overrides };
  if (settings.OUTBOX_WORKER === "off") {
    g.__coverdeskOutboxWorker = null;
    console.info("Outbox: OUTBOX_WORKER=off, so this server runs no jobs and sends no mail (run `npm run worker`).");
    return;
  }
  if (!settings.SMTP_URL) {
    console.info(
      "Outbox: SMTP_URL is not set, so mail stays in the outbox (see /staff/outbox); the background jobs (digest, webhooks) still run.",
    );
  }
  g.__coverdeskOutboxWorker = startOutboxWorker({
    db,
    mailer: settings.SMTP_URL ? smtpMailer(settings.SMTP_URL) : null,
    intervalMs: settings.OUTBOX_POLL_MS,
    jobs: BACKGROUND_JOBS,
  });
}

/** Stops the server's job loop (tests; a later start begins a new one). */
export async function stopInProcessOutboxWorker(): Promise<void> {
  await g.__coverdeskOutboxWorker?.stop();
  delete g.__coverdeskOutboxWorker;
}
