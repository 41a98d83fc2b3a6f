import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { dailyDigests, outboxMessages, requests } from "@/db/schema";
import { upsertUser } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { runNoticeDigest } from "@/lib/jobs/notice-digest";
import { smtpMailer } from "@/lib/outbox/mailer";
import { backgroundJobs, startOutboxWorker } from "@/lib/jobs/outbox-worker";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { startSmtpListener } from "../helpers/smtp";
import { addSong, linkSong, payAndBegin, serve, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
/** Another process's database: on PostgreSQL its own connection pool. */
let second: DbHandle | undefined;
const secondDb = (): Db => second?.db ?? db();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
const ids = {} as Record<"overdue" | "soon" | "later" | "served", number>;

// January 27, 2031 in Chicago (UTC-6): before and after the default DIGEST_HOUR of 7.
const EARLY = new Date("2031-01-27T12:30:00Z"); // 06:30
const MORNING = new Date("2031-01-27T14:00:00Z"); // 08:00
const NEXT_MORNING = new Date("2031-01-28T14:00:00Z");

async function inProgress(title: string, releaseMonth: number) {
  setClock(new Date("2031-01-05T15:00:00Z"));
  const body = requestBody({
    track: {
      song: { title, originalRecordingArtist: "Someone" },
      releases: [{ formatId: 1002, releaseQuantity: 10, releaseMonth, releaseYear: 2031 }],
    },
  });
  const { id } = await fileRequest(keys.client, body);
  await db()
    .update(requests)
    .set({ dateAdded: new Date("2031-01-05T15:00:00Z") })
    .where(eq(requests.id, id));
  await linkSong(keys.staff, id, song.id);
  await setStatus(keys.staff, id, { code: "ready" });
  await payAndBegin(keys, id);
  return id;
}

beforeAll(async () => {
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.example.com");
  keys = { client: (await clientKey(db(), "Digest Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
  for (const [email, name] of [
    ["ana@coverdesk.example", "Ana"],
    ["ben@coverdesk.example", "Ben"],
  ]) {
    await upsertUser(db(), { email: email!, name: name!, password: "x-password", role: "employee" });
  }
  ids.overdue = await inProgress("Overdue Ode", 1); // due January 5
  ids.soon = await inProgress("Soon Sonata", 2); // due January 31
  ids.later = await inProgress("Later Lament", 3); // due February 28
  ids.served = await inProgress("Served Serenade", 2);
  for (const owner of song.owners) await serve(keys.staff, ids.served, owner.id);
  if (process.env.DATABASE_URL) {
    const [row] = (await db().execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row!.name}`;
    second = await createDb({ driver: "pg", url: url.toString() });
  }
});
afterAll(async () => {
  setClock(undefined);
  vi.unstubAllEnvs();
  await second?.close();
});

const digests = () => db().select().from(dailyDigests).orderBy(dailyDigests.day);
const messages = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);

describe("the daily notice digest", () => {
  it("waits for DIGEST_HOUR in the service's calendar", async () => {
    setClock(EARLY);
    expect(await runNoticeDigest(db())).toBeNull();
    expect(await digests()).toEqual([]);
  });

  it("from then on, mails the employees the overdue notices and those due within 7 days, once a day", async () => {
    setClock(MORNING);
    const run = await runNoticeDigest(db());
    expect(run).toMatchObject({ day: "2031-01-27", notices: 4 });
    expect(await runNoticeDigest(db())).toBeNull(); // the day is taken
    const [message, ...more] = await messages();
    expect(more).toEqual([]);
    expect(message).toMatchObject({ id: run!.outboxMessageId, status: "pending", purpose: "staff_notification" });
    expect([...message!.recipients].sort()).toEqual(["ana@coverdesk.example", "ben@coverdesk.example"]);
    expect(message!.subject).toBe("Notices of intention: 2 overdue, 2 due within 7 days");
    const body = message!.body;
    expect(body).toContain("as of January 27, 2031.");
    expect(body).toContain(
      `Overdue (2):\n  - Request #${ids.overdue}, "Overdue Ode": Harbor Music Publishing (60%), due January 5, 2031, 22 days ago\n` +
        `    https://desk.example.com/staff/requests/${ids.overdue}`,
    );
    expect(body).toContain(
      `Due within 7 days (2):\n  - Request #${ids.soon}, "Soon Sonata": Harbor Music Publishing (60%), due January 31, 2031, in 4 days`,
    );
    expect(body).not.toContain("Later Lament");
    expect(body).not.toContain("Served Serenade");
    expect(body).toContain("https://desk.example.com/staff/notices");
  });

  it("records a day with nothing due without mailing anyone", async () => {
    await db().delete(dailyDigests);
    await db().delete(outboxMessages);
    setClock(new Date("2030-06-01T14:00:00Z")); // before any of these deadlines came near
    expect(await runNoticeDigest(db())).toEqual({ day: "2030-06-01", notices: 0, outboxMessageId: null });
    expect(await messages()).toEqual([]);
    expect(await runNoticeDigest(db())).toBeNull();
  });

  it("is written once per day however many processes run it at the same moment", async () => {
    await db().delete(dailyDigests);
    await db().delete(outboxMessages);
    setClock(NEXT_MORNING);
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => runNoticeDigest(i % 2 ? secondDb() : db())));
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await digests()).toMatchObject([{ day: "2031-01-28", notices: 4 }]);
    expect(await messages()).toHaveLength(1);
  });

  it("goes out through the job loop to a real SMTP listener, to every employee", async () => {
    await db().delete(dailyDigests);
    await db().delete(outboxMessages);
    setClock(MORNING);
    const smtp = await startSmtpListener();
    const worker = startOutboxWorker({
      db: () => Promise.resolve(db()),
      mailer: smtpMailer(smtp.url),
      intervalMs: 20,
      jobs: backgroundJobs(),
    });
    try {
      // The first ticks of every loop share one database; under load they take longer than waitFor's default second.
      await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 10_000 });
      await worker.ticks(3); // more ticks the same day send nothing more
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect([...mail!.to].sort()).toEqual(["ana@coverdesk.example", "ben@coverdesk.example"]);
      expect(mail!.subject).toBe("Notices of intention: 2 overdue, 2 due within 7 days");
      expect(mail!.text).toContain(`Request #${ids.soon}, "Soon Sonata"`);
      expect(await messages()).toMatchObject([{ status: "sent" }]);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });
});
