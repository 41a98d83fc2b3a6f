import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "@/db/schema";
import { upsertUser } from "@/lib/auth/users";
import { setClock } from "@/lib/clock";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { startSmtpListener, type SmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, postToWall } from "../helpers/wall";

// Issue 46, item 11: the staff's mail is limited, not the posts. Posts on one album within WALL_MAIL_COALESCE_MINUTES
// go out as one mail listing them; the post limit is high enough for an integration (WALL_POSTS_PER_HOUR, 600).
const db = setupTestDb();
const T0 = new Date("2026-05-04T10:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

let smtp: SmtpListener;
let first: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let second: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let staff: string;
beforeAll(async () => {
  first = await albumWithTwoTracks(db(), "Coalesce Records");
  second = await albumWithTwoTracks(db(), "Second Coalesce Records");
  staff = await staffKey(db());
  // A client user whose address is also on the staff's list: staff-only posts must never reach it.
  await upsertUser(db(), {
    email: "cleo@client.example",
    name: "Cleo",
    password: "x-password",
    role: "client",
    accountId: first.accountId,
  });
});
beforeEach(async () => {
  setClock(T0);
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "desk@coverdesk.example");
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "5");
  await db().delete(outboxMessages);
  smtp = await startSmtpListener();
});
afterEach(async () => {
  setClock(undefined);
  vi.unstubAllEnvs();
  await smtp.close();
});

/** Posts as the key at that minute after T0 and expects it accepted. */
async function post(key: string, trackId: number, message: string, at: number, extra: Record<string, unknown> = {}) {
  setClock(minutes(at));
  const res = await postToWall(key, trackId, { message, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Sends what is due at that minute after T0. */
async function sendAt(at: number) {
  setClock(minutes(at));
  await drainOutbox(db(), smtpMailer(smtp.url));
}

const wallMails = () => smtp.mails.filter((m) => / wall posts? on |^New (public|private|staff-only) /.test(m.subject));

describe("the staff's mail about wall posts, coalesced per album", () => {
  it("three posts on one album within the window are one mail naming all three, sent when the window ends", async () => {
    await post(first.key, first.trackIds[0], "First: the release moved to June.", 0);
    await post(first.key, first.trackIds[1], "Second: the writer split is 50/50.", 1);
    await post(first.key, first.trackIds[0], "Third: artwork attached elsewhere.", 3);
    await sendAt(4);
    expect(wallMails()).toEqual([]);

    await sendAt(5);
    expect(wallMails()).toHaveLength(1);
    const [mail] = wallMails();
    expect(mail!.subject).toBe('3 new wall posts on "Covers Vol. 1" by The Test Band');
    expect(mail!.to).toEqual(["desk@coverdesk.example"]);
    for (const message of ["First: the release", "Second: the writer split", "Third: artwork attached"])
      expect(mail!.text).toContain(message);
    expect(mail!.text.indexOf("First:")).toBeLessThan(mail!.text.indexOf("Third:"));

    // A post after that mail went starts a mail of its own.
    await post(first.key, first.trackIds[0], "Fourth: one more thing.", 7);
    await sendAt(12);
    expect(wallMails().map((m) => m.subject)).toEqual([
      '3 new wall posts on "Covers Vol. 1" by The Test Band',
      expect.stringMatching(/^New private post on "Covers Vol. 1"/),
    ]);
    expect(wallMails()[1]!.text).toContain("Fourth: one more thing.");
    expect(wallMails()[1]!.text).not.toContain("First:");
  });

  it("posts on two albums are two mails, each naming its own album's posts", async () => {
    await post(first.key, first.trackIds[0], "About the first album.", 0);
    await post(second.key, second.trackIds[0], "About the second album.", 1);
    await sendAt(6);
    const mails = wallMails();
    expect(mails).toHaveLength(2);
    const byText = (text: string) => mails.filter((m) => m.text.includes(text));
    expect(byText("About the first album.")).toHaveLength(1);
    expect(byText("About the second album.")).toHaveLength(1);
    expect(byText("About the first album.")[0]!.text).not.toContain("About the second album.");
  });

  it("a staff-only post never joins a mail that reaches client staff's addresses", async () => {
    vi.stubEnv("STAFF_NOTIFY_EMAIL", "desk@coverdesk.example, cleo@client.example");
    await post(first.key, first.trackIds[0], "Private: visible to the client.", 0);
    await post(staff, first.trackIds[0], "Staff only: the owner is hard to reach.", 1, { visibility: "staff" });
    await post(staff, first.trackIds[1], "Staff only: second note.", 2, { visibility: "staff" });
    await sendAt(6);
    const toCleo = wallMails().filter((m) => m.to.includes("cleo@client.example"));
    expect(toCleo).toHaveLength(1);
    expect(toCleo[0]!.text).toContain("Private: visible to the client.");
    expect(toCleo[0]!.text).not.toContain("Staff only");
    const staffOnly = wallMails().filter((m) => m.text.includes("Staff only"));
    expect(staffOnly).toHaveLength(1);
    expect(staffOnly[0]!.to).toEqual(["desk@coverdesk.example"]);
    expect(staffOnly[0]!.text).toContain("second note");
  });

  it("accepts 50 posts on 50 albums by one account within an hour (the default limit), one mail per album", async () => {
    const { key } = await clientKey(db(), "Integration Records");
    const tracks: number[] = [];
    for (let i = 0; i < 50; i++) tracks.push((await fileRequest(key)).trackId);
    for (const [i, trackId] of tracks.entries()) await post(key, trackId, `New album ${i} is in.`, i);
    await sendAt(60);
    const mails = wallMails();
    expect(mails).toHaveLength(50);
    for (let i = 0; i < 50; i++) expect(mails.filter((m) => m.text.includes(`New album ${i} is in.`))).toHaveLength(1);
  });
});
