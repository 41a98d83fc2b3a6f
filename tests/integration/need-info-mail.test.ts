import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages, requests, users } from "@/db/schema";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { askForInfo } from "@/lib/workflow/ask-for-info";
import { staffKey } from "../helpers/api";
import { clientStaff, employee, type Person } from "../helpers/people";
import { deliveredMails } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall } from "../helpers/wall";

const db = setupTestDb();
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let sam: Person;
let requestIds: number[];

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Need Mail Records");
  sam = await employee(db(), "sam.ask@coverdesk.example");
  await employee(db(), "ops.ask@coverdesk.example");
  await clientStaff(db(), "Need Mail Records", "admin.ask@client.example", "admin");
  await clientStaff(db(), "Need Mail Records", "member.ask@client.example", "member");
  await clientStaff(db(), "Need Mail Records", "gone.ask@client.example", "member");
  await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, "gone.ask@client.example"));
  await clientStaff(db(), "Other Records", "other.ask@client.example");
  await licenseeActor(db(), album, "lena.ask@example.com");
  requestIds = (await db().select({ id: requests.id }).from(requests).orderBy(asc(requests.id))).map((r) => r.id);
});
beforeEach(async () => {
  vi.stubEnv("PUBLIC_BASE_URL", "https://desk.coverdesk.example");
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  // One mail per post, sent at once: coalescing is wall-mail-coalescing.test.ts's subject.
  vi.stubEnv("WALL_MAIL_COALESCE_MINUTES", "0");
  await db().delete(outboxMessages);
});
afterEach(() => vi.unstubAllEnvs());

describe("Need info", () => {
  it("mails the account's active client staff the message and a link to the request, never a licensee user", async () => {
    const id = requestIds[0]!;
    await askForInfo(db(), sam.actor, id, {
      note: "Is the 1966 arrangement the one you record?",
      noteVisibility: "public",
    });
    const mails = await deliveredMails(db());
    const toClient = mails.filter((m) => m.subject.startsWith(`Request #${id}:`));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]!.to.sort()).toEqual(["admin.ask@client.example", "member.ask@client.example"]);
    expect(toClient[0]!.subject).toBe(`Request #${id}: we need information about "Yesterday"`);
    expect(toClient[0]!.text).toContain("Is the 1966 arrangement the one you record?");
    expect(toClient[0]!.text).toContain(`https://desk.coverdesk.example/requests/${id}`);
    // The licensee user is not asked: she hears only of the question's public post on her album's wall.
    const toLicensee = mails.filter((m) => m.to.includes("lena.ask@example.com")).map((m) => m.subject);
    expect(toLicensee).toEqual([expect.stringMatching(/^New post on the wall of /)]);
  });
});

describe("the staff notification of a wall post", () => {
  it("names the request in its subject, links to it, and does not go to its own author", async () => {
    const id = requestIds[1]!;
    await askForInfo(db(), sam.actor, id, { note: "Which label copy?", noteVisibility: "public" });
    const staffMail = (await deliveredMails(db())).find((m) => m.subject.startsWith("New public post"));
    expect(staffMail?.subject).toBe(`New public post on "Covers Vol. 1" by The Test Band (request #${id})`);
    expect(staffMail?.text).toContain(`Open request #${id}: https://desk.coverdesk.example/staff/requests/${id}`);
    expect(staffMail?.to).toEqual(["ops.ask@coverdesk.example"]);
  });

  it("names every request of the album when posted on the album, and reaches every employee when a program wrote it", async () => {
    const program = { kind: "employee", name: "Desk bot", userId: null, apiKeyId: 1 } as const;
    await createWallPost(
      db(),
      program,
      { albumId: album.albumId },
      { message: "About the whole album", parentId: null },
    );
    const [mail] = await deliveredMails(db());
    expect(mail?.subject).toContain(`(requests #${requestIds[0]}, #${requestIds[1]})`);
    expect(mail?.to.sort()).toEqual(["ops.ask@coverdesk.example", "sam.ask@coverdesk.example"]);
    // Through a track (the API), only that track's request.
    expect(
      (await postToWall(await staffKey(db()), album.trackIds[1], { message: "Through the second track" })).status,
    ).toBe(201);
    const [viaTrack] = await deliveredMails(db());
    expect(viaTrack?.subject).toMatch(new RegExp(`\\(request #${requestIds[1]}\\)$`));
  });
});
