import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import { claimOutboxMessages } from "@/lib/outbox/claim-outbox-messages";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { upsertUser } from "@/lib/auth/users";
import { startSmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, postToWall } from "../helpers/wall";

const db = setupTestDb();
// Many posts from one account: the wall-post rate limit is not what this file is about.
beforeAll(() => {
  vi.stubEnv("WALL_POSTS_PER_HOUR", "0");
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
});
afterAll(() => vi.unstubAllEnvs());
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
/** The second worker's database: on PostgreSQL its own connection pool, like another server process. */
let second: DbHandle | undefined;
const secondDb = (): Db => second?.db ?? db();

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Race Records");
  await upsertUser(db(), { email: "sam@coverdesk.example", name: "Sam", password: "x-password", role: "employee" });
  if (process.env.DATABASE_URL) {
    const [row] = (await db().execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row!.name}`;
    second = await createDb({ driver: "pg", url: url.toString() });
  }
});
afterAll(async () => {
  await second?.close();
});

async function postMany(n: number, label: string) {
  for (let i = 1; i <= n; i++) {
    const res = await postToWall(album.key, album.trackIds[i % 2]!, {
      message: `${label} ${i}`,
      isPrivate: i % 3 === 0,
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
}

describe("several workers on one database", () => {
  it("never claim the same message twice", async () => {
    await db().delete(outboxMessages);
    await postMany(24, "claim");
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimOutboxMessages(i % 2 ? secondDb() : db(), 3)),
    );
    const ids = claims.flat().map((m) => m.id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
  });

  it("two delivery loops running at once send every message exactly once", async () => {
    await db().delete(outboxMessages);
    await postMany(30, "race");
    const smtp = await startSmtpListener({ delayMs: 5 });
    try {
      const [a, b] = await Promise.all([
        drainOutbox(db(), smtpMailer(smtp.url), 2),
        drainOutbox(secondDb(), smtpMailer(smtp.url), 2),
      ]);
      expect(a.sent + b.sent).toBe(30);
      expect(smtp.mails).toHaveLength(30);
      expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(30);
      const bodies = smtp.mails.map((m) => /race \d+/.exec(m.text)?.[0]).sort();
      expect(new Set(bodies).size).toBe(30);
      const rows = await db().select().from(outboxMessages);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
