import { asc, eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as invoicePdfRoute from "@/app/api/invoices/[id]/pdf/route";
import * as refundRoute from "@/app/api/invoices/[id]/refund/route";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import { outboxMessages, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { isoDay } from "@/lib/clock";
import { actorFromSessionUser, upsertUser, type SessionUser } from "@/lib/auth/users";
import { createWallPost } from "@/lib/wall/create-wall-post";
import type { Visibility } from "@/lib/wall/visibilities";
import { call, clientKey, staffKey, type Handler } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { issueInvoice, recordPayment, type InvoiceBody } from "../helpers/money";
import { clientStaff, employee, PASSWORD, type Person } from "../helpers/people";
import { deliveredMails, type ReceivedMail } from "../helpers/smtp";
import { addSong, linkSong, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// The session cookie is decoded by Auth.js inside Next's request scope, which a test does not have: `auth()` answers
// the session of the person opening a mailed link instead; lib/auth/session.ts re-reads them from the database.
const session = vi.hoisted(() => ({ current: null as { user: { id: string; sessionVersion: number } } | null }));
vi.mock("@/auth", () => ({
  auth: () => Promise.resolve(session.current),
  signIn: () => Promise.reject(new Error("not signed in through Auth.js here")),
  signOut: () => Promise.resolve(),
  SignInLocked: class extends Error {},
}));
vi.mock("next-auth", () => ({ AuthError: class extends Error {}, CredentialsSignin: class extends Error {} }));

const db = setupTestDb();
const BASE = "https://desk.coverdesk.example";

let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
/** The album every request of the account's licensee is filed on (a new track each time). */
let album: { albumId: number; licenseeId: string; releaseId: number };
let sam: Person;
let admin: Person;
let member: Person;
const people = {} as Record<"admin" | "member" | "gone" | "lena" | "leo" | "otherLicensee" | "otherAccount", string>;
let lena: SessionUser;
let leo: SessionUser;
let otherLicensee: SessionUser;
let tracks = 0;

beforeAll(async () => {
  const account = await clientKey(db(), "News Records");
  keys = { client: account.key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "News Song" }));
  sam = await employee(db(), "sam.news@coverdesk.example");
  admin = await clientStaff(db(), "News Records", "admin.news@client.example", "admin");
  member = await clientStaff(db(), "News Records", "member.news@client.example", "member");
  await clientStaff(db(), "Other News Records", "other.news@client.example");
  const gone = await clientStaff(db(), "News Records", "gone.news@client.example", "member");
  await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));
  const first = await fileRequest(keys.client, requestBody());
  album = { albumId: first.albumId, licenseeId: first.licenseeId, releaseId: first.releaseId };
  const licenseeUser = (email: string, licenseeId: string) =>
    upsertUser(db(), {
      email,
      name: `Licensee ${email}`,
      password: PASSWORD,
      role: "licensee",
      accountId: account.accountId,
      licenseeId,
    });
  lena = await licenseeUser("lena.news@example.com", album.licenseeId);
  leo = await licenseeUser("leo.news@example.com", album.licenseeId);
  // A user of another licensee of the same account: the account's news of this licensee is never theirs.
  const other = await fileRequest(keys.client, requestBody({ track: { album: otherAlbum("Other Licensee LLC") } }));
  otherLicensee = await licenseeUser("olga.news@example.com", other.licenseeId);
  Object.assign(people, {
    admin: admin.user.email,
    member: member.user.email,
    lena: "lena.news@example.com",
    leo: "leo.news@example.com",
    otherLicensee: "olga.news@example.com",
    otherAccount: "other.news@client.example",
    gone: "gone.news@client.example",
  });
});
beforeEach(async () => {
  vi.stubEnv("PUBLIC_BASE_URL", BASE);
  vi.stubEnv("STAFF_NOTIFY_EMAIL", "");
  await db().delete(outboxMessages);
});
afterEach(() => vi.unstubAllEnvs());

const otherAlbum = (companyName: string, licensee: Record<string, string> = COMPLETE_LICENSEE) => ({
  title: "Elsewhere",
  artist: "Someone Else",
  licensee: { ...licensee, companyName },
});

async function ok<T extends { status: number; body: any }>(res: Promise<T>, status = 200) {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A new track on the licensee's album (or on a new album of `elsewhere`), researched and waiting for payment. */
async function waitingForPayment(elsewhere?: ReturnType<typeof otherAlbum>) {
  tracks += 1;
  const { id } = await fileRequest(
    keys.client,
    requestBody({
      track: {
        album: elsewhere ?? { id: album.albumId, licensee: { id: album.licenseeId } },
        releases: elsewhere ? [{ formatId: 1002, releaseQuantity: 1000 }] : [{ id: album.releaseId }],
        externalTrackId: `news-${tracks}`,
        song: { title: `News Song ${tracks}`, originalRecordingArtist: "The Writers" },
      },
    }),
  );
  await ok(linkSong(keys.staff, id, song.id));
  await ok(setStatus(keys.staff, id, { code: "ready" }));
  await ok(setStatus(keys.staff, id, { code: "need_payment" }));
  return id;
}

const invoiced = async (requestId: number) => (await ok(issueInvoice(keys.client, [requestId]), 201)) as InvoiceBody;
const pay = (invoice: { id: number }, amount: string) =>
  ok(recordPayment(keys.staff, invoice.id, { amount, reference: "TRF-NEWS", receivedOn: isoDay() }), 201);

/**
 * Refused after payment: what was paid goes to the account's balance, which is then paid back to the client, so that
 * the next invoices start from nothing.
 */
async function refusedAfterPayment(change: Record<string, unknown>) {
  const { id, invoice } = await begun();
  await db().delete(outboxMessages);
  await ok(setStatus(keys.staff, id, { code: "cannot_license", ...change }));
  await ok(
    call(refundRoute.POST, "POST", `/api/invoices/${invoice.id}/refund`, {
      key: keys.staff,
      params: { id: String(invoice.id) },
      body: { amount: invoice.total, reference: "Paid back" },
    }),
  );
  return { id, invoice };
}

/** Paid in full: a paid invoice begins licensing by itself. */
async function begun() {
  const id = await waitingForPayment();
  const invoice = await invoiced(id);
  await db().delete(outboxMessages);
  await pay(invoice, invoice.due);
  return { id, invoice };
}

async function licensed() {
  const { id } = await begun();
  await db().delete(outboxMessages);
  for (const owner of song.owners) await ok(serve(keys.staff, id, owner.id));
  return id;
}

/** The optional news written since the outbox was emptied: one row per person, with its kind and purpose. */
async function news() {
  return db()
    .select({ to: outboxMessages.recipients, kind: outboxMessages.kind, purpose: outboxMessages.purpose })
    .from(outboxMessages)
    .where(isNotNull(outboxMessages.kind))
    .orderBy(asc(outboxMessages.id));
}
const addressed = async () =>
  (await db().select({ to: outboxMessages.recipients }).from(outboxMessages)).flatMap((r) => r.to);

const post =
  (author: () => Actor, visibility: Visibility, message = "A word about the album") =>
  () =>
    createWallPost(db(), author(), { albumId: album.albumId }, { message, parentId: null, visibility });

type Who = keyof typeof people;
const CLIENT_STAFF: Who[] = ["admin", "member"];
const LICENSEE_USERS: Who[] = ["lena", "leo"];
const LICENSEES: Who[] = ["lena", "leo", "otherLicensee"];

const EVENTS: {
  event: string;
  act: () => Promise<unknown>;
  kind: string;
  purpose: "client_notification" | "licensee_notification";
  gets: Who[];
  never: Who[];
}[] = [
  {
    event: "an invoice is issued",
    act: async () => invoiced(await waitingForPayment()),
    kind: "invoice_issued",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: [...LICENSEES, "otherAccount", "gone"],
  },
  {
    event: "a payment is received (part of what is due)",
    act: async () => pay(await invoiced(await waitingForPayment()), "10.00"),
    kind: "payment_received",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: [...LICENSEES, "otherAccount", "gone"],
  },
  {
    event: "a paid invoice begins licensing",
    act: begun,
    kind: "licensing_begun",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: [...LICENSEES, "otherAccount", "gone"],
  },
  {
    event: "a request is licensed (client staff)",
    act: licensed,
    kind: "licensed",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "a request is licensed (its licensee's users)",
    act: licensed,
    kind: "licensed",
    purpose: "licensee_notification",
    gets: LICENSEE_USERS,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "a paid request cannot be licensed (client staff)",
    act: () => refusedAfterPayment({ reason: "changed_lyrics" }),
    kind: "cannot_license",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "a request cannot be licensed (its licensee's users)",
    act: async () =>
      ok(setStatus(keys.staff, await waitingForPayment(), { code: "cannot_license", reason: "changed_melody" })),
    kind: "cannot_license",
    purpose: "licensee_notification",
    gets: LICENSEE_USERS,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "staff post in public (client staff)",
    act: post(() => sam.actor, "public"),
    kind: "wall_post",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "staff post in public (the licensee's users)",
    act: post(() => sam.actor, "public"),
    kind: "wall_post",
    purpose: "licensee_notification",
    gets: LICENSEE_USERS,
    never: ["otherLicensee", "otherAccount", "gone"],
  },
  {
    event: "staff post in private",
    act: post(() => sam.actor, "private"),
    kind: "wall_post",
    purpose: "client_notification",
    gets: CLIENT_STAFF,
    never: [...LICENSEES, "otherAccount", "gone"],
  },
  {
    event: "staff-only post",
    act: post(() => sam.actor, "staff"),
    kind: "wall_post",
    purpose: "client_notification",
    gets: [],
    never: [...CLIENT_STAFF, ...LICENSEES, "otherAccount"],
  },
  {
    event: "client staff's public post (not the staff's: client staff are not told)",
    act: post(() => admin.actor, "public"),
    kind: "wall_post",
    purpose: "licensee_notification",
    gets: LICENSEE_USERS,
    never: [...CLIENT_STAFF, "otherLicensee", "otherAccount"],
  },
  {
    event: "client staff's private post",
    act: post(() => admin.actor, "private"),
    kind: "wall_post",
    purpose: "licensee_notification",
    gets: [],
    never: [...CLIENT_STAFF, ...LICENSEES, "otherAccount"],
  },
  {
    event: "a licensee user's public post (never to its author)",
    act: post(() => actorFromSessionUser(lena), "public"),
    kind: "wall_post",
    purpose: "licensee_notification",
    gets: ["leo"],
    never: [...CLIENT_STAFF, "lena", "otherLicensee", "otherAccount"],
  },
];

describe("who gets the news, and who never does", () => {
  it.each(EVENTS)("$event: $kind to $gets", async ({ act, kind, purpose, gets, never }) => {
    await act();
    const rows = (await news()).filter((r) => r.kind === kind && r.purpose === purpose);
    // One mail per person, addressed to them alone (so their own preference and unsubscribe link apply).
    expect(rows.every((r) => r.to.length === 1)).toBe(true);
    expect(rows.map((r) => r.to[0]).sort()).toEqual(gets.map((w) => people[w]).sort());
    const everyone = await addressed();
    for (const who of never) expect(everyone, `${who} is never mailed`).not.toContain(people[who]);
  });

  it("tells client staff why a paid request did not begin licensing, under licensing begun", async () => {
    const incomplete = { companyName: "Half Done LLC", lastName: "Half", email: "half@example.com" };
    const id = await waitingForPayment(otherAlbum("Half Done LLC", incomplete));
    const invoice = await invoiced(id);
    await db().delete(outboxMessages);
    await pay(invoice, invoice.due);
    const rows = (await news()).filter((r) => r.kind === "licensing_begun");
    expect(rows.map((r) => r.to[0]).sort()).toEqual([people.admin, people.member].sort());
    const mail = (await deliveredMails(db())).find((m) => m.to.includes(people.admin) && m.subject.includes("waits"));
    expect(mail?.subject).toBe(`Request #${id}: paid — licensing waits for the licensee's details`);
    expect(mail?.text).toContain("Half Done LLC");
    expect(mail?.text).toContain(`${BASE}/requests/${id}`);
  });
});

/** The mails `email` received, by subject. */
const mailsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to.includes(email));
/** The links of a mail that point to CoverDesk, as paths, in their order (the mail's own first, then its footer's). */
const links = (mail: ReceivedMail | undefined) =>
  [...(mail?.text ?? "").matchAll(/https:\/\/desk\.coverdesk\.example(\/\S*)/g)].map((m) => m[1]!);
const actingAs = (person: { id: number; sessionVersion: number } | null) => {
  session.current = person ? { user: { id: String(person.id), sessionVersion: person.sessionVersion } } : null;
};
/**
 * A mailed link followed in a signed-in browser: a GET with the session's cookie (its content is the mocked `auth()`'s).
 * Refused, a browser gets the portal's error page, not the API's problem+json, so this is no API call for the contract.
 */
async function follow(route: { GET: Handler }, path: string, id: number) {
  const res = await route.GET(
    new Request(`http://localhost${path}`, { headers: { cookie: "authjs.session-token=test" } }),
    { params: Promise.resolve({ id: String(id) }) },
  );
  return { status: res.status, type: res.headers.get("content-type") };
}

describe("what the mails say and where their links lead", () => {
  it("client staff: the invoice and how to pay it, the payment, licensing begun, and the license", async () => {
    const id = await waitingForPayment();
    const invoice = await invoiced(id);
    await pay(invoice, "10.00");
    await pay(invoice, (Number(invoice.due) - 10).toFixed(2));
    for (const owner of song.owners) await ok(serve(keys.staff, id, owner.id));
    const mine = mailsTo(await deliveredMails(db()), people.member);
    expect(mine.map((m) => m.subject)).toEqual([
      `Invoice ${invoice.number}: $${invoice.due} to pay`,
      `Payment received: $10.00 for invoice ${invoice.number}`,
      `Payment received: $${(Number(invoice.due) - 10).toFixed(2)} for invoice ${invoice.number}`,
      `Request #${id}: licensing has begun for "News Song ${tracks}"`,
      `Request #${id} is licensed: "News Song ${tracks}"`,
    ]);
    const [issued, partly, inFull, , done] = mine;
    expect(links(issued).slice(0, 2)).toEqual(["/billing", `/api/invoices/${invoice.id}/pdf`]);
    expect(partly?.text).toContain(
      `$${(Number(invoice.due) - 10).toFixed(2)} is still to pay on invoice ${invoice.number}`,
    );
    expect(inFull?.text).toContain(`Invoice ${invoice.number} is paid in full`);
    expect(links(done).slice(0, 2)).toEqual([`/api/requests/${id}/license`, `/requests/${id}`]);
    // The links open for them: the invoice and the license, as PDFs.
    actingAs(member.user);
    const pdf = await follow(invoicePdfRoute, links(issued)[1]!, invoice.id);
    expect(pdf).toEqual({ status: 200, type: "application/pdf" });
    const license = await follow(licenseRoute, links(done)[0]!, id);
    expect(license).toEqual({ status: 200, type: "application/pdf" });
    actingAs(null);
  });

  it("cannot license: client staff read the reason and what went back to the balance; licensees never read of money", async () => {
    const { id, invoice } = await refusedAfterPayment({
      reason: "changed_lyrics",
      note: "The new verse rewrites the chorus",
      noteVisibility: "public",
    });
    const mails = await deliveredMails(db());
    const [toClient] = mailsTo(mails, people.admin);
    expect(toClient?.subject).toBe(`Request #${id} cannot be licensed: "News Song ${tracks}"`);
    expect(toClient?.text).toContain("Reason: The lyrics were changed.");
    expect(toClient?.text).toContain("The new verse rewrites the chorus");
    expect(toClient?.text).toContain(`$${invoice.total} you paid for it went back to your prepaid balance`);
  });

  it("a staff post's mail: what was typed cannot be clicked, and the wall is one link away", async () => {
    await createWallPost(
      db(),
      sam.actor,
      { albumId: album.albumId },
      { message: "See https://evil.example/login for the lyrics", parentId: null, visibility: "private" },
    );
    const [mail] = mailsTo(await deliveredMails(db()), people.admin);
    expect(mail?.subject).toBe('New post on the wall of "Covers Vol. 1" by The Test Band');
    expect(mail?.text).toContain("hxxps://evil[.]example/login");
    expect(mail?.text).toContain("Visibility: private: client staff and service staff, not shown to the licensee");
    expect(links(mail)[0]).toBe(`/albums/${album.albumId}/wall`);
  });

  it("licensee users: the licensed mail, whose license opens for them and for no other licensee", async () => {
    const id = await licensed();
    const [mail] = mailsTo(await deliveredMails(db()), people.leo);
    expect(mail?.subject).toBe(`Request #${id} is licensed: "News Song ${tracks}"`);
    const [download] = links(mail);
    expect(download).toBe(`/api/requests/${id}/license`);
    actingAs(leo);
    const mine = await follow(licenseRoute, download!, id);
    expect(mine).toEqual({ status: 200, type: "application/pdf" });
    actingAs(otherLicensee);
    expect((await follow(licenseRoute, download!, id)).status).toBe(404);
    actingAs(null);
  });

  it("licensee users: cannot license in words, never a fee, an invoice or a balance", async () => {
    const { id } = await refusedAfterPayment({
      reason: "changed_lyrics",
      note: "Kept for staff",
      noteVisibility: "private",
    });
    const [mail] = mailsTo(await deliveredMails(db()), people.lena);
    expect(mail?.subject).toBe(`Request #${id} cannot be licensed: "News Song ${tracks}"`);
    expect(mail?.text).toContain("Reason: The lyrics were changed.");
    expect(mail?.text).not.toMatch(/\$|\binvoices?\b|\bbalance\b|\bfees?\b|Kept for staff/i);
  });
});
