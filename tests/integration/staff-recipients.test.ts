import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "@/db/schema";
import { actorFromSessionUser, upsertUser } from "@/lib/auth/users";
import { staffRecipients } from "@/lib/notifications/staff-recipients";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { startSmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall } from "../helpers/wall";

const db = setupTestDb();
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let sam: ReturnType<typeof actorFromSessionUser>;

// The album's licensee has the contact email licensee@example.com (tests/helpers/fixtures.ts).
beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Wall Recipient Records");
  sam = actorFromSessionUser(
    await upsertUser(db(), { email: "sam@coverdesk.example", name: "Sam", password: "x-password", role: "employee" }),
  );
  await licenseeActor(db(), album, "lena.signin@example.com");
});
beforeEach(async () => {
  await db().delete(outboxMessages);
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
});
afterEach(() => vi.unstubAllEnvs());

describe("who is mailed about wall posts", () => {
  it("every employee by default, and never a licensee user", async () => {
    expect(await staffRecipients(db(), undefined)).toEqual(["sam@coverdesk.example"]);
  });

  it("STAFF_NOTIFY_EMAIL when set, minus any licensee's address however it is written", async () => {
    vi.stubEnv(
      "STAFF_NOTIFY_EMAIL",
      "boss@coverdesk.example, Lena <LENA.SIGNIN@example.com>,licensee@EXAMPLE.com, boss@coverdesk.example",
    );
    const res = await postToWall(album.key, album.trackIds[0], { message: "Who gets this?", isPrivate: false });
    expect(res.status).toBe(201);
    const [message] = await db().select().from(outboxMessages).where(eq(outboxMessages.wallPostId, res.body.id));
    expect(message!.recipients).toEqual(["boss@coverdesk.example"]);

    const smtp = await startSmtpListener();
    try {
      await drainOutbox(db(), smtpMailer(smtp.url));
      const staffMail = smtp.mails.filter((m) => m.subject.startsWith("New public post"));
      expect(staffMail.map((m) => m.to)).toEqual([["boss@coverdesk.example"]]);
      // The licensee user hears of the public post on her album as a licensee, never through the staff's mail.
      const toLena = smtp.mails.filter((m) => m.to.includes("lena.signin@example.com"));
      expect(toLena.map((m) => m.subject)).toEqual([expect.stringMatching(/^New post on the wall of /)]);
    } finally {
      await smtp.close();
    }
  });

  it("drops licensee addresses again when sending, and fails a message left with nobody to mail", async () => {
    await db()
      .insert(outboxMessages)
      .values([
        { recipients: ["licensee@example.com", "sam@coverdesk.example"], subject: "mixed", body: "b" },
        { recipients: ["lena.signin@example.com"], subject: "licensee only", body: "b" },
      ]);
    const smtp = await startSmtpListener();
    try {
      expect(await drainOutbox(db(), smtpMailer(smtp.url))).toMatchObject({ sent: 1, failed: 1 });
      expect(smtp.mails.map((m) => [m.subject, m.to])).toEqual([["mixed", ["sam@coverdesk.example"]]]);
    } finally {
      await smtp.close();
    }
    const [failed] = await db().select().from(outboxMessages).where(eq(outboxMessages.subject, "licensee only"));
    expect(failed).toMatchObject({ status: "failed", lastError: expect.stringContaining("No recipients") });
  });

  it.each([
    ["the only employee posts: nobody else to tell, so no message (not a failure)", null, "sam", 0],
    [
      "a client posts and nobody is configured but licensee addresses: a failed message says so",
      "licensee@example.com",
      "client",
      1,
    ],
  ] as const)("%s", async (_case, configured, author, failedRows) => {
    if (configured !== null) vi.stubEnv("STAFF_NOTIFY_EMAIL", configured);
    const post =
      author === "sam"
        ? await createWallPost(db(), sam, { albumId: album.albumId }, { message: "A note to myself", parentId: null })
        : (await postToWall(album.key, album.trackIds[0], { message: "Anyone there?", isPrivate: false })).body;
    expect(post.id).toEqual(expect.any(Number));
    const smtp = await startSmtpListener();
    try {
      await drainOutbox(db(), smtpMailer(smtp.url));
      // No staff mail (a licensee user may still hear of a public post on her album, as a licensee).
      expect(smtp.mails.filter((m) => /^New (public|private|staff-only) /.test(m.subject))).toEqual([]);
    } finally {
      await smtp.close();
    }
    const rows = (await db().select().from(outboxMessages)).filter((r) => r.purpose === "staff_notification");
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(failedRows);
    expect(rows).toHaveLength(failedRows);
  });
});
