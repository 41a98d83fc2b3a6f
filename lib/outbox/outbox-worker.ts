import type { Db } from "@/db/client";
import { drainOutbox } from "./deliver-outbox";
import { smtpMailer, type Mailer } from "./mailer";

export type OutboxWorker = { stop(): Promise<void> };
type OutboxEnv = Record<string, string | undefined>;

/**
 * Polls the outbox every `intervalMs` and delivers what is due. Ticks never overlap; the timer is
 * unref()'d so it never keeps a process alive on its own. Safe to run in several processes at once.
 */
export function startOutboxWorker(opts: {
  db: () => Promise<Db>;
  mailer: Mailer;
  intervalMs: number;
  log?: Pick<Console, "error">;
}): OutboxWorker {
  const log = opts.log ?? console;
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        await drainOutbox(await opts.db(), opts.mailer);
      } catch (e) {
        log.error("Outbox delivery failed; will try again on the next tick.", e);
      } finally {
        running = null;
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
  };
}

/** The poll interval from OUTBOX_POLL_MS (default 5 s). */
export function pollIntervalMs(env: OutboxEnv = process.env): number {
  const ms = Number(env.OUTBOX_POLL_MS);
  return Number.isFinite(ms) && ms >= 100 ? ms : 5_000;
}

const g = globalThis as unknown as { __coverdeskOutboxWorker?: OutboxWorker | null };

/**
 * The server's own delivery loop (started from instrumentation.ts): on when SMTP_URL is set, unless
 * OUTBOX_WORKER=off because `npm run worker` runs elsewhere. Once per process, whatever module graph asks.
 */
export function startInProcessOutboxWorker(db: () => Promise<Db>, env: OutboxEnv = process.env): void {
  if (g.__coverdeskOutboxWorker !== undefined) return;
  if (!env.SMTP_URL || env.OUTBOX_WORKER === "off") {
    g.__coverdeskOutboxWorker = null;
    console.info(
      env.SMTP_URL
        ? "Outbox: OUTBOX_WORKER=off, so this server sends no mail (run `npm run worker`)."
        : "Outbox: SMTP_URL is not set, so staff notifications stay in the outbox (see /staff/outbox).",
    );
    return;
  }
  g.__coverdeskOutboxWorker = startOutboxWorker({ db, mailer: smtpMailer(env.SMTP_URL), intervalMs: pollIntervalMs(env) });
}
