import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb, type Db, type DbHandle } from "@/db/client";
import { GET, POST } from "@/app/unsubscribe/route";
import { digestItems, notificationPreferences, outboxMessages, userDigests, users } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { runUserDigests } from "@/lib/jobs/user-digests";
import { getNotificationPreferences } from "@/lib/notifications/get-notification-preferences";
import { notifyPeople, type Addressee } from "@/lib/notifications/notify-people";
import { setNotificationPreferences } from "@/lib/notifications/set-notification-preferences";
import { call } from "../helpers/api";
import { clientStaff, employee, type Person } from "../helpers/people";
import { deliveredMails } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor } from "../helpers/wall";

const db = setupTestDb();
/** Another process's database: on PostgreSQL its own connection pool. */
let second: DbHandle | undefined;
const secondDb = (): Db => second?.db ?? db();
const BASE = "https://desk.coverdesk.example";
// The service's calendar is America/Chicago (the test environment's SERVICE_TIME_ZONE): 10:00Z is 05:00 there in May.
const DAY1_EARLY = new Date("2026-05-04T10:00:00Z");

let ada: Person;
let bo: Person;
let lena: Addressee & { token: string };
let staffMember: Person;

const addressee = (p: Person): Addressee => ({ userId: p.user.id, email: p.user.email });
const tokenOf = async (userId: number) =>
  (await db().select({ t: users.unsubscribeToken }).from(users).where(eq(users.id, userId)))[0]!.t;
const outbox = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);
const news = (kind: "licensed" | "wall_post" | "invoice_issued", subject: string, people: Addressee[]) =>
  notifyPeople(db(), people, {
    kind,
    purpose: "client_notification",
    subject,
    body: `${subject}: the details.`,
  });
const unsubscribeCall = (method: "GET" | "POST", query: string) =>
  call(method === "GET" ? GET : POST, method, "/unsubscribe", {
    query,
    notAnApiRoute: true,
    ...(method === "POST"
      ? {
          rawBody: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
        }
      : {}),
  });
const modeOf = async (userId: number, kind: "licensed" | "wall_post" | "invoice_issued") =>
  (
    await db()
      .select({ mode: notificationPreferences.mode })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
  )[0]?.mode ?? "immediate";

beforeAll(async () => {
  const album = await albumWithTwoTracks(db(), "Prefs Records");
  ada = await clientStaff(db(), "Prefs Records", "ada.prefs@client.example", "admin");
  bo = await clientStaff(db(), "Prefs Records", "bo.prefs@client.example", "member");
  staffMember = await employee(db(), "sam.prefs@coverdesk.example");
  const licensee = await licenseeActor(db(), album, "lena.prefs@example.com");
  const licenseeUserId = licensee.userId!;
  if (process.env.DATABASE_URL) {
    const [row] = (await db().execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${row!.name}`;
    second = await createDb({ driver: "pg", url: url.toString() });
  }
  lena = { userId: licenseeUserId, email: "lena.prefs@example.com", token: await tokenOf(licenseeUserId) };
});
beforeEach(async () => {
  vi.stubEnv("PUBLIC_BASE_URL", BASE);
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  setClock(undefined);
  await db().delete(userDigests);
  await db().delete(outboxMessages);
  await db().delete(digestItems);
  await db().delete(notificationPreferences);
});
afterAll(() => second?.close());
afterEach(() => {
  setClock(undefined);
  vi.unstubAllEnvs();
});

describe("an optional mail", () => {
  it("carries each person's own one-click unsubscribe for its kind, in the headers and the footer", async () => {
    await news("licensed", "Request #1 is licensed", [addressee(ada), addressee(bo)]);
    await notifyPeople(db(), [lena], {
      kind: "wall_post",
      purpose: "licensee_notification",
      subject: "A new post on your album",
      body: "Read it on the wall.",
    });
    const mails = await deliveredMails(db());
    expect(mails.map((m) => m.to)).toEqual([[ada.user.email], [bo.user.email], [lena.email]]);
    const cases = [
      { mail: mails[0]!, token: await tokenOf(ada.user.id), kind: "licensed", words: "requests licensed" },
      { mail: mails[1]!, token: await tokenOf(bo.user.id), kind: "licensed", words: "requests licensed" },
      { mail: mails[2]!, token: lena.token, kind: "wall_post", words: "new posts on album walls" },
    ];
    for (const { mail, token, kind, words } of cases) {
      const link = `${BASE}/unsubscribe?token=${token}&kind=${kind}`;
      expect(mail.header("List-Unsubscribe")).toBe(`<${link}>`);
      expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`Stop mails about ${words}: ${link}`);
      expect(mail.text).toContain(`Settings → Profile: ${BASE}/settings/profile`);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    }
    // The token is put in at sending: the outbox keeps the mail as written.
    expect((await outbox()).map((m) => m.body.includes("unsubscribe"))).toEqual([false, false, false]);
  });

  it("is not optional when it is an invitation, a reset or a need-info mail: no unsubscribe", async () => {
    await db()
      .insert(outboxMessages)
      .values({ purpose: "client_notification", recipients: [ada.user.email], subject: "Need info", body: "b" });
    const [mail] = await deliveredMails(db());
    expect(mail!.header("List-Unsubscribe")).toBe("");
    expect(mail!.text).not.toContain("unsubscribe");
  });
});

describe("the unsubscribe link", () => {
  it("one click (POST) turns that kind off for that person, and their next news of that kind writes nothing", async () => {
    const token = await tokenOf(ada.user.id);
    const res = await unsubscribeCall("POST", `token=${token}&kind=licensed`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("will no longer get mails about requests licensed");
    expect([await modeOf(ada.user.id, "licensed"), await modeOf(ada.user.id, "wall_post")]).toEqual([
      "off",
      "immediate",
    ]);
    expect((await unsubscribeCall("POST", `token=${token}&kind=licensed`)).status).toBe(200);

    await news("licensed", "Request #2 is licensed", [addressee(ada), addressee(bo)]);
    expect((await outbox()).map((m) => m.recipients)).toEqual([[bo.user.email]]);
    expect(await db().select().from(digestItems)).toEqual([]);
  });

  it("GET only asks (mail scanners open links): it shows the question and a button, and changes nothing", async () => {
    const token = await tokenOf(bo.user.id);
    const res = await unsubscribeCall("GET", `token=${token}&kind=wall_post`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("Stop mails about new posts on album walls?");
    expect(res.body).toContain(`<form method="post" action="/unsubscribe?token=${token}&amp;kind=wall_post">`);
    expect(await modeOf(bo.user.id, "wall_post")).toBe("immediate");
  });

  it.each([
    ["an unknown token", `token=${crypto.randomUUID()}&kind=licensed`, 404],
    ["a token that is no token", "token=not-a-token&kind=licensed", 400],
    ["no token", "kind=licensed", 400],
    ["an unknown kind", "token=TOKEN&kind=everything", 400],
    ["a kind a licensee never gets", "token=TOKEN&kind=invoice_issued", 400],
  ])("answers %s with a page saying so, never a 500", async (_case, query, status) => {
    const filled = query.replace("TOKEN", lena.token);
    for (const method of ["GET", "POST"] as const) {
      const res = await unsubscribeCall(method, filled);
      expect(res.status, method).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
    expect(await db().select().from(notificationPreferences)).toEqual([]);
  });
});

describe("the daily digest", () => {
  // The job at a time of the service's day, with the clock there too (its mail is due from then on).
  const digestsAt = (iso: string) => {
    setClock(new Date(iso));
    return runUserDigests(db(), new Date(iso), 7);
  };

  it("holds a day's news in one mail at DIGEST_HOUR, never before, never twice a day; later news waits for tomorrow", async () => {
    await setNotificationPreferences(db(), ada.actor, { licensed: "daily", wall_post: "daily" });
    setClock(DAY1_EARLY);
    await news("licensed", "Request #3 is licensed", [addressee(ada)]);
    await news("wall_post", "A new post on Covers Vol. 1", [addressee(ada)]);
    expect(await outbox()).toEqual([]);

    expect(await digestsAt("2026-05-04T11:59:00Z")).toBeNull();
    expect(await outbox()).toEqual([]);
    expect(await digestsAt("2026-05-04T12:00:00Z")).toMatchObject({ digests: 1 });
    expect(await digestsAt("2026-05-04T14:00:00Z")).toMatchObject({ digests: 0 });

    const [mail, ...more] = await deliveredMails(db());
    expect(more).toEqual([]);
    expect(mail!.to).toEqual([ada.user.email]);
    expect(mail!.text.indexOf("Request #3 is licensed")).toBeLessThan(mail!.text.indexOf("A new post on Covers"));
    expect(mail!.text).toContain("Request #3 is licensed: the details.");
    const digestLink = `${BASE}/unsubscribe?token=${await tokenOf(ada.user.id)}&kind=digest`;
    expect(mail!.header("List-Unsubscribe")).toBe(`<${digestLink}>`);
    expect(mail!.text).toContain(`Stop the daily digest: ${digestLink}`);

    await news("licensed", "Request #4 is licensed", [addressee(ada)]);
    expect(await digestsAt("2026-05-05T01:00:00Z")).toMatchObject({ digests: 0 });
    expect(await digestsAt("2026-05-05T12:30:00Z")).toMatchObject({ digests: 1 });
    const [tomorrow] = await deliveredMails(db());
    expect(tomorrow!.text).toContain("Request #4 is licensed");
    expect(tomorrow!.text).not.toContain("Request #3");
  });

  it("is written once per person and day however many processes run at the same moment", async () => {
    await setNotificationPreferences(db(), ada.actor, { licensed: "daily" });
    await setNotificationPreferences(db(), bo.actor, { licensed: "daily" });
    await news("licensed", "Request #6 is licensed", [addressee(ada), addressee(bo)]);
    const at = new Date("2026-05-04T12:30:00Z");
    setClock(at);
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => runUserDigests(i % 2 ? secondDb() : db(), at, 7)),
    );
    expect(runs.reduce((sum, r) => sum + r!.digests, 0)).toBe(2);
    expect((await outbox()).map((m) => m.recipients).sort()).toEqual([[ada.user.email], [bo.user.email]]);
  });

  it("its own one-click link turns every daily kind off and leaves the others", async () => {
    await setNotificationPreferences(db(), ada.actor, { licensed: "daily", wall_post: "daily", invoice_issued: "off" });
    const res = await unsubscribeCall("POST", `token=${await tokenOf(ada.user.id)}&kind=digest`);
    expect(res.status).toBe(200);
    expect(await getNotificationPreferences(db(), ada.actor)).toEqual(
      expect.arrayContaining([
        { kind: "licensed", mode: "off" },
        { kind: "wall_post", mode: "off" },
        { kind: "invoice_issued", mode: "off" },
        { kind: "payment_received", mode: "immediate" },
      ]),
    );
  });

  it("drops a deactivated person's waiting news unsent", async () => {
    await setNotificationPreferences(db(), bo.actor, { licensed: "daily" });
    await news("licensed", "Request #5 is licensed", [addressee(bo)]);
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, bo.user.id));
    try {
      expect(await digestsAt("2026-05-04T13:00:00Z")).toMatchObject({ digests: 0, dropped: 1 });
      expect(await outbox()).toEqual([]);
      expect(await db().select().from(digestItems)).toEqual([]);
    } finally {
      await db().update(users).set({ deactivatedAt: null }).where(eq(users.id, bo.user.id));
    }
  });
});

describe("Settings → Profile, email notifications", () => {
  it("saves each choice and reads it back, off writing nothing at all", async () => {
    await setNotificationPreferences(db(), bo.actor, { wall_post: "off", licensed: "daily" });
    await setNotificationPreferences(db(), bo.actor, { licensed: "immediate" });
    expect(await getNotificationPreferences(db(), bo.actor)).toEqual([
      { kind: "invoice_issued", mode: "immediate" },
      { kind: "payment_received", mode: "immediate" },
      { kind: "licensing_begun", mode: "immediate" },
      { kind: "licensed", mode: "immediate" },
      { kind: "cannot_license", mode: "immediate" },
      { kind: "wall_post", mode: "off" },
    ]);
    await news("wall_post", "A post nobody wants", [addressee(bo)]);
    expect([await outbox(), await db().select().from(digestItems)]).toEqual([[], []]);
  });

  it("offers a licensee user their three kinds and refuses another; employees have none", async () => {
    const licensee = { kind: "licensee", name: "Lena", accountId: 0, licenseeId: "x", userId: lena.userId } as const;
    expect((await getNotificationPreferences(db(), licensee)).map((p) => p.kind)).toEqual([
      "licensed",
      "cannot_license",
      "wall_post",
    ]);
    await expect(setNotificationPreferences(db(), licensee, { invoice_issued: "off" })).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "invoice_issued", message: "is not news you receive" }],
    });
    await expect(getNotificationPreferences(db(), staffMember.actor)).rejects.toMatchObject({ code: "forbidden" });
  });
});
