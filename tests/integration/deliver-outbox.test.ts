import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "@/db/schema";
import { actorFromSessionUser, upsertUser } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { claimOutboxMessages, CLAIM_LEASE_MS } from "@/lib/outbox/claim-outbox-messages";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { startOutboxWorker } from "@/lib/jobs/outbox-worker";
import { retryOutboxMessage } from "@/lib/outbox/retry-outbox-message";
import { MAX_ATTEMPTS, retryDelayMs } from "@/lib/outbox/retry-schedule";
import { freePort, startSmtpListener, type SmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, postToWall } from "../helpers/wall";

const db = setupTestDb();
const T0 = new Date("2026-05-04T15:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let listeners: SmtpListener[] = [];
const listen = async (opts?: Parameters<typeof startSmtpListener>[0]) => {
  const l = await startSmtpListener(opts);
  listeners.push(l);
  return l;
};
const outbox = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Mail Records");
  await upsertUser(db(), { email: "sam@coverdesk.example", name: "Sam", password: "x-password", role: "employee" });
  await upsertUser(db(), { email: "ops@coverdesk.example", name: "Ops", password: "x-password", role: "employee" });
});
beforeEach(async () => {
  setClock(T0);
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
  await db().delete(outboxMessages);
});
afterEach(async () => {
  setClock(undefined);
  vi.unstubAllEnvs();
  await Promise.all(listeners.map((l) => l.close()));
  listeners = [];
});

describe("delivering wall notifications over SMTP", () => {
  it("mails every employee about a public and a private post, with what staff need to act", async () => {
    const smtp = await listen();
    const pub = await postToWall(album.key, album.trackIds[1], { message: "Release moved to June.", isPrivate: false });
    const priv = await postToWall(album.key, album.trackIds[1], { message: "Internal: check the writer split." });
    expect([pub.status, priv.status]).toEqual([201, 201]);

    expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ claimed: 2, sent: 2 });
    expect(smtp.mails).toHaveLength(2);
    for (const mail of smtp.mails) {
      expect(mail.to.sort()).toEqual(["ops@coverdesk.example", "sam@coverdesk.example"]);
      expect(mail.text).toContain('Album: "Covers Vol. 1" by The Test Band');
      expect(mail.text).toContain(`track ${album.trackIds[1]}: "Let It Be" (originally by The Beatles)`);
      expect(mail.text).toContain("Wall Mail Records (client staff)");
      expect(mail.text).toContain(`Open the album: https://desk.coverdesk.example/albums/${album.albumId}`);
    }
    const [pubMail, privMail] = smtp.mails;
    expect(pubMail!.subject).toMatch(/^New public post on "Covers Vol\. 1" by The Test Band \(request #\d+\)$/);
    expect(pubMail!.text).toContain("Release moved to June.");
    expect(pubMail!.text).toContain("Visibility: public");
    expect(privMail!.subject).toMatch(/^New private post on "Covers Vol\. 1" by The Test Band \(request #\d+\)$/);
    expect(privMail!.text).toContain("Internal: check the writer split.");
    expect(privMail!.text).toContain("Visibility: private");
    expect((await outbox()).map((m) => [m.wallPostId, m.status, m.attempts, m.lastError])).toEqual([
      [pub.body.id, "sent", 1, null],
      [priv.body.id, "sent", 1, null],
    ]);
  });

  it("keeps the post when SMTP is down, and delivers the message exactly once when it is back", async () => {
    const port = await freePort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    const res = await postToWall(album.key, album.trackIds[0], { message: "Sent while mail is down" });
    expect(res.status).toBe(201);

    expect(await drainOutbox(db(), mailer)).toMatchObject({ claimed: 1, retrying: 1 });
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: at(retryDelayMs(1)) });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await listen({ port });
    const worker = startOutboxWorker({ db: () => Promise.resolve(db()), mailer, intervalMs: 20 });
    try {
      await worker.ticks(2);
      expect(smtp.mails).toHaveLength(0); // not due yet: backing off
      setClock(at(retryDelayMs(1)));
      await vi.waitFor(() => expect(smtp.mails).toHaveLength(1));
      await worker.ticks(3); // more ticks send nothing more
    } finally {
      await worker.stop();
    }
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.text).toContain("Sent while mail is down");
    expect(await outbox()).toMatchObject([{ status: "sent", attempts: 2, sentAt: at(retryDelayMs(1)) }]);
  });

  it("backs off exponentially, then gives up as failed after the last attempt", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    await postToWall(album.key, album.trackIds[0], { message: "Nobody will hear this" });
    let clock = T0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      setClock(clock);
      expect(await drainOutbox(db(), mailer)).toMatchObject({ claimed: 1 });
      const [row] = await outbox();
      expect(row!.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe("pending");
        expect(row!.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(attempt));
        clock = row!.nextAttemptAt;
      } else {
        expect(row).toMatchObject({ status: "failed", lastError: expect.stringMatching(/ECONNREFUSED/) });
      }
    }
    setClock(new Date(clock.getTime() + 365 * 24 * 3600_000));
    expect(await drainOutbox(db(), mailer)).toMatchObject({ claimed: 0 });
  });

  it("fails at once when the server refuses the message, and a retry by staff sends it", async () => {
    const refusing = await listen({ refuse: true });
    await postToWall(album.key, album.trackIds[0], { message: "Refused, then retried" });
    expect(await drainOutbox(db(), smtpMailer(refusing.url))).toMatchObject({ failed: 1 });
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("554") });

    const client = {
      kind: "client" as const,
      name: "C",
      accountId: album.accountId,
      role: "admin" as const,
      userId: null,
      apiKeyId: null,
    };
    await expect(retryOutboxMessage(db(), client, failed!.id)).rejects.toMatchObject({ code: "forbidden" });
    const sam = actorFromSessionUser(
      await upsertUser(db(), { email: "sam@coverdesk.example", name: "Sam", password: "x-password", role: "employee" }),
    );
    await retryOutboxMessage(db(), sam, failed!.id);
    expect(await outbox()).toMatchObject([{ status: "pending", attempts: 0, nextAttemptAt: T0 }]);
    await expect(retryOutboxMessage(db(), sam, failed!.id)).rejects.toMatchObject({ code: "invalid_transition" });

    const smtp = await listen();
    expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ sent: 1 });
    expect(smtp.mails.map((m) => m.text)).toEqual([expect.stringContaining("Refused, then retried")]);
  });

  it("retries a message whose sender crashed mid-send once its claim lease runs out", async () => {
    const smtp = await listen();
    await postToWall(album.key, album.trackIds[0], { message: "Orphaned by a crash" });
    expect(await claimOutboxMessages(db(), 10)).toHaveLength(1); // claimed, then the sender "died"

    const mailer = smtpMailer(smtp.url);
    expect(await drainOutbox(db(), mailer)).toMatchObject({ claimed: 0 });
    setClock(at(CLAIM_LEASE_MS));
    expect(await drainOutbox(db(), mailer)).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.mails).toHaveLength(1);
    expect(await outbox()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("sends nothing while SMTP_URL is unset: messages stay pending", async () => {
    const { startInProcessOutboxWorker, stopInProcessOutboxWorker } = await import("@/lib/jobs/outbox-worker");
    await postToWall(album.key, album.trackIds[0], { message: "No SMTP configured" });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    startInProcessOutboxWorker(() => Promise.resolve(db()), { SMTP_URL: "" });
    await stopInProcessOutboxWorker(); // waits for the first tick
    expect(info).toHaveBeenCalledWith(expect.stringContaining("SMTP_URL is not set"));
    info.mockRestore();
    expect(await outbox()).toMatchObject([{ status: "pending", attempts: 0 }]);
  });
});
