import type { Db } from "@/db/client";
import { env, type Env } from "@/env";
import { drainOutbox } from "./deliver-outbox";
import { smtpMailer, type Mailer } from "./mailer";

export type OutboxWorker = { stop(): Promise<void> };

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

const g = globalThis as unknown as { __coverdeskOutboxWorker?: OutboxWorker | null };

/**
 * The server's own delivery loop (started from instrumentation.ts): on when SMTP_URL is set, unless
 * OUTBOX_WORKER=off because `npm run worker` runs elsewhere. Once per process, whatever module graph asks.
 * `overrides` replace settings (tests).
 */
export function startInProcessOutboxWorker(db: () => Promise<Db>, overrides: Partial<Env> = {}): void {
  if (g.__coverdeskOutboxWorker !== undefined) return;
  const settings = { ...env(), ...overrides };
  if (!settings.SMTP_URL || settings.OUTBOX_WORKER === "off") {
    g.__coverdeskOutboxWorker = null;
    console.info(
      settings.SMTP_URL
        ? "Outbox: OUTBOX_WORKER=off, so this server sends no mail (run `npm run worker`)."
        : "Outbox: SMTP_URL is not set, so staff notifications stay in the outbox (see /staff/outbox).",
    );
    return;
  }
  g.__coverdeskOutboxWorker = startOutboxWorker({
    db,
    mailer: smtpMailer(settings.SMTP_URL),
    intervalMs: settings.OUTBOX_POLL_MS,
  });
}
