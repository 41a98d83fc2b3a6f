import type { Db } from "@/db/client";
import { env, type Env } from "@/env";
import { checkImports } from "@/lib/imports/check-imports";
import { drainImports } from "@/lib/imports/drain-imports";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer, type Mailer } from "@/lib/outbox/mailer";
import { webhookDispatcher } from "@/lib/webhooks/deliver-webhooks";
import { expireEvents } from "@/lib/webhooks/expire-events";
import { positionEvents } from "@/lib/webhooks/position-events";
import { runNoticeDigest } from "./notice-digest";
import { runUserDigests } from "./user-digests";

export type OutboxWorker = {
  stop(): Promise<void>;
  /** Resolves once every job's loop has run `count` more ticks to their end (tests wait on it, not on the clock). */
  ticks(count: number): Promise<void>;
};
/**
 * One kind of background work, run by a loop of its own; each must be safe to run in several processes at once.
 * `settle` waits for work a tick started and left running (the webhook deliveries under way) when the worker stops.
 */
type Job = { name: string; run(db: Db, stopping: () => boolean): Promise<unknown>; settle?(): Promise<void> };

/**
 * The jobs of the server and of `npm run worker`, each in its own loop so that none waits behind another: the daily
 * digests (the staff's notice digest, then each person's own; each once a day whoever asks), the delivery of webhook
 * events (they need no mailer), the stored events' upkeep (positions for GET /api/events, the 30 days' expiry), the
 * check of new imports and the filing of queued ones. A new set per worker: the webhook sender keeps its deliveries under way.
 */
export function backgroundJobs(log: Pick<Console, "error"> = console): Job[] {
  const webhooks = webhookDispatcher(log);
  return [
    {
      name: "daily digests",
      run: async (db) => ({ notices: await runNoticeDigest(db), people: await runUserDigests(db) }),
    },
    { name: "webhooks", run: (db) => webhooks.dispatch(db), settle: () => webhooks.settle() },
    {
      name: "events",
      run: async (db) => {
        await positionEvents(db);
        return expireEvents(db);
      },
    },
    { name: "import checks", run: (db, stopping) => checkImports(db, { stopping }) },
    { name: "import filing", run: (db, stopping) => drainImports(db, { stopping }) },
  ];
}

type Loop = { stop(): Promise<void>; ticksFrom(count: number): Promise<void> };

/** Runs `job` now and every `intervalMs`; its ticks never overlap, the timer is unref()'d. */
function startLoop(job: Job, db: () => Promise<Db>, intervalMs: number, log: Pick<Console, "error">): Loop {
  let running: Promise<void> | null = null;
  let finished = 0;
  let waiters: { at: number; resolve: () => void }[] = [];
  let stopping = false;
  const tick = () => {
    running ??= (async () => {
      try {
        await job.run(await db(), () => stopping);
      } catch (e) {
        log.error(`The background job "${job.name}" failed; it runs again on its next tick.`, e);
      } finally {
        running = null;
        finished++;
        for (const w of waiters.filter((w) => w.at <= finished)) w.resolve();
        waiters = waiters.filter((w) => w.at > finished);
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    async stop() {
      clearInterval(timer);
      stopping = true;
      await running;
      await job.settle?.();
    },
    ticksFrom(count) {
      // A tick already under way when asked does not count: it may have read its table before the caller's change.
      const at = finished + count + (running ? 1 : 0);
      return new Promise((resolve) => waiters.push({ at, resolve }));
    },
  };
}

/**
 * Starts one loop per job, and one for mail delivery when there is a mailer (without SMTP_URL the mail waits), each
 * polling every `intervalMs` on its own: a slow webhook endpoint or a large import never holds up the mail, nor the
 * other way round. Safe to run in several processes at once.
 */
export function startOutboxWorker(opts: {
  db: () => Promise<Db>;
  mailer: Mailer | null;
  intervalMs: number;
  jobs?: Job[];
  log?: Pick<Console, "error">;
}): OutboxWorker {
  const log = opts.log ?? console;
  const { mailer } = opts;
  const jobs = [...(opts.jobs ?? [])];
  if (mailer) jobs.push({ name: "mail", run: (db) => drainOutbox(db, mailer) });
  const loops = jobs.map((job) => startLoop(job, opts.db, opts.intervalMs, log));
  return {
    async stop() {
      await Promise.all(loops.map((l) => l.stop()));
    },
    async ticks(count) {
      await Promise.all(loops.map((l) => l.ticksFrom(count)));
    },
  };
}

const g = globalThis as unknown as { __coverdeskOutboxWorker?: OutboxWorker | null };

/**
 * The server's own job loops (started from instrumentation.ts), unless OUTBOX_WORKER=off because `npm run worker` runs
 * elsewhere: the background jobs (digest, webhooks, imports) always, and mail delivery when SMTP_URL is set
 * (docs/product-rules.md, "Notifications"). Once per process, whatever module graph asks. `overrides` replace
 * settings (tests).
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
      "Outbox: SMTP_URL is not set, so mail stays in the outbox (see /staff/outbox); the background jobs (digest, webhooks, imports) still run.",
    );
  }
  g.__coverdeskOutboxWorker = startOutboxWorker({
    db,
    mailer: settings.SMTP_URL ? smtpMailer(settings.SMTP_URL) : null,
    intervalMs: settings.OUTBOX_POLL_MS,
    jobs: backgroundJobs(),
  });
}

/** Stops the server's job loops (tests; a later start begins a new one). */
export async function stopInProcessOutboxWorker(): Promise<void> {
  await g.__coverdeskOutboxWorker?.stop();
  delete g.__coverdeskOutboxWorker;
}
