import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as letterRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice.pdf/route";
import * as serveRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import * as contactRoute from "@/app/api/owners/[id]/contact/route";
import * as songRoute from "@/app/api/songs/[id]/route";
import { setClock } from "@/lib/clock";
import { formatDay } from "@/lib/formatting";
import { deadlineWindow } from "@/lib/licensing/notice-due-on";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { call, clientKey, staffKey, type Handler } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { pdfText } from "../helpers/pdf-text";
import { addSong, linkSong, payAndBegin, serve, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
afterAll(() => setClock(undefined));
const owner = (name: string) => song.owners.find((o) => o.name === name)!.id;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Served Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, {
    title: "Postmark Blues",
    writers: ["Pia Post", "Eli Mailer"],
    owners: [
      { name: "Post Only Music", postalAddress: "  12 Letterbox Lane \n\n Memphis, TN 38103 ", share: 50 },
      {
        name: "Inbox Songs",
        email: "notices@inbox.example.com",
        noticeEmailDesignated: true,
        postalAddress: null,
        share: 30,
      },
      { name: "Nothing On File", postalAddress: null, share: 20 },
    ],
  });
});

/** ISO days counted from the day the requests are filed (the database stamps the filing with the real time). */
const filedAt = new Date();
const day = (offset: number) => deadlineWindow(new Date(filedAt.getTime() + offset * 86_400_000)).today;
const long = (offset: number) => formatDay(day(offset), "long");

/** A request (CDs) filed today whose licensing is in progress; the clock then reads 10 days later. */
async function requestInLicensing() {
  setClock(undefined);
  const body = requestBody({
    track: {
      album: {
        title: "Stamped",
        artist: "The Couriers",
        licensee: { ...COMPLETE_LICENSEE, companyName: "Courier Records LLC", email: "rights@courier.example.com" },
      },
      releases: [{ formatId: 1001, releaseQuantity: 2500, releaseMonth: 3, releaseYear: 2027 }],
    },
  });
  const { id } = await fileRequest(keys.client, body);
  await linkSong(keys.staff, id, song.id);
  await setStatus(keys.staff, id, { code: "ready" });
  await payAndBegin(keys, id);
  setClock(new Date(filedAt.getTime() + 10 * 86_400_000));
  return id;
}

const noticesOf = async (id: number) =>
  (await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: keys.staff, params: { id: String(id) } }))
    .body as {
    ownerName: string;
    servedOn: string | null;
    method: string | null;
    note: string | null;
  }[];

async function pdfOf(handler: Handler, url: string, params: Record<string, string>, key: string) {
  const res = await handler(new Request(`http://localhost${url}`, { headers: { Authorization: `Bearer ${key}` } }), {
    params: Promise.resolve(params),
  });
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
}

describe("serving a notice on a day and in a way", () => {
  let id: number;
  beforeAll(async () => {
    id = await requestInLicensing();
  });

  const refusals: {
    name: string;
    to: string;
    body?: Record<string, unknown>;
    status: number;
    code: string;
    error: { path: string; message: string };
  }[] = [
    {
      name: "a day in the future",
      to: "Post Only Music",
      body: { servedOn: day(11), carrier: "USPS" },
      status: 400,
      code: "validation_failed",
      error: { path: "servedOn", message: `must not be in the future (today is ${day(10)})` },
    },
    {
      name: "a day before the request was filed",
      to: "Post Only Music",
      body: { servedOn: day(-1), carrier: "USPS" },
      status: 400,
      code: "validation_failed",
      error: { path: "servedOn", message: `must not be before the request was filed (${day(0)})` },
    },
    {
      name: "mail to an owner without a postal address",
      to: "Inbox Songs",
      body: { method: "mail", carrier: "USPS" },
      status: 409,
      code: "owner_contact_missing",
      error: { path: "method", message: "Inbox Songs has no postal address on file" },
    },
    {
      name: "email to an owner without an email address",
      to: "Post Only Music",
      body: { method: "email" },
      status: 409,
      code: "owner_contact_missing",
      error: {
        path: "method",
        message: "Post Only Music has no email address on file, let alone one designated for notices",
      },
    },
    {
      name: "no body (mail, the default, needs its carrier)",
      to: "Post Only Music",
      status: 400,
      code: "validation_failed",
      error: { path: "carrier", message: "is required to serve by mail: the postal carrier or courier (USPS, FedEx…)" },
    },
    {
      name: "a day that is not a date",
      to: "Post Only Music",
      body: { servedOn: "2026-02-30", carrier: "USPS" },
      status: 400,
      code: "validation_failed",
      error: { path: "servedOn", message: "is not a calendar date" },
    },
    {
      name: "an unknown way",
      to: "Post Only Music",
      body: { method: "fax" },
      status: 400,
      code: "validation_failed",
      error: { path: "method", message: "must be one of mail, email, copyright_office" },
    },
  ];

  it.each(refusals)("refuses $name, and the notice stays open", async ({ to, body, status, code, error }) => {
    const res = body ? await serve(keys.staff, id, owner(to), body) : await bareServe(id, owner(to));
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.errors).toEqual([error]);
    expect((await noticesOf(id)).find((n) => n.ownerName === to)?.servedOn).toBeNull();
  });

  const serves: {
    name: string;
    to: string;
    body?: Record<string, unknown>;
    notFound?: boolean;
    served: Record<string, unknown>;
  }[] = [
    {
      name: "by mail with its carrier: today",
      to: "Post Only Music",
      body: { carrier: "UPS", trackingNumber: "1Z 999 AA1 01 2345 6784" },
      served: {
        servedOn: day(10),
        method: "mail",
        carrier: "UPS",
        trackingNumber: "1Z 999 AA1 01 2345 6784",
        note: null,
      },
    },
    {
      name: "by email on the day it was filed",
      to: "Inbox Songs",
      body: { servedOn: day(0), method: "email" },
      served: { servedOn: day(0), method: "email", note: null, carrier: null },
    },
    {
      name: "with the Copyright Office, for an owner marked not found, which needs neither address",
      to: "Nothing On File",
      notFound: true,
      body: {
        servedOn: day(2),
        method: "copyright_office",
        filingReference: "Deposit account debit 0042",
        note: "Owner unreachable; filed",
      },
      served: {
        servedOn: day(2),
        method: "copyright_office",
        filingReference: "Deposit account debit 0042",
        note: "Owner unreachable; filed",
      },
    },
  ];

  it.each(serves)("serves $name", async ({ to, body, notFound, served }) => {
    if (notFound) {
      const marked = await call(notFoundRoute.POST, "POST", `/api/requests/${id}/owners/${owner(to)}/owner-not-found`, {
        key: keys.staff,
        params: { id: String(id), ownerId: String(owner(to)) },
      });
      expect(marked.status).toBe(200);
    }
    const res = body ? await serve(keys.staff, id, owner(to), body) : await bareServe(id, owner(to));
    expect(res.status).toBe(200);
    expect((await noticesOf(id)).find((n) => n.ownerName === to)).toMatchObject(served);
  });

  it("licenses with the last one; the timeline and the license say how and when each owner was served", async () => {
    const steps = await requestTimeline(db(), { kind: "employee", name: "Sam", userId: null, apiKeyId: null }, id);
    expect(steps.at(-1)).toMatchObject({
      to: { code: "licensed" },
      note:
        `Every copyright owner has been served: Post Only Music by mail on ${formatDay(day(10))}; Inbox Songs by email on ` +
        `${formatDay(day(0))}; Nothing On File with the Copyright Office on ${formatDay(day(2))}.`,
    });
    const text = await pdfOf(licenseRoute.GET, `/api/requests/${id}/license`, { id: String(id) }, keys.client);
    expect(text).toContain(
      `Post Only Music: 50%. Notice of intention served by mail on ${long(10)}, carrier UPS, tracking number 1Z 999 AA1 01 2345 6784.`,
    );
    expect(text).toContain(`Inbox Songs: 30%. Notice of intention served by email on ${long(0)} to `);
    expect(text).toContain(
      `Nothing On File: 20%, held for an owner not identified in the Copyright Office's records, royalty not payable: owner not identified. Notice of intention ` +
        `filed with the Copyright Office on ${long(2)}, filing reference Deposit account debit 0042.`,
    );
  });
});

/** A POST with no body at all, as a program that sends none. */
const bareServe = (id: number, ownerId: number) =>
  call(serveRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/notice`, {
    key: keys.staff,
    params: { id: String(id), ownerId: String(ownerId) },
  });

describe("the notice of intention letter", () => {
  const letter = (id: number, ownerId: number, key = keys.staff) =>
    call(letterRoute.GET, "GET", `/api/requests/${id}/owners/${ownerId}/notice.pdf`, {
      key,
      params: { id: String(id), ownerId: String(ownerId) },
    });

  it("is a PDF addressed to the owner, with the request, work, share, phonorecords and licensee", async () => {
    const id = await requestInLicensing();
    const ownerId = owner("Post Only Music");
    const res = await letter(id, ownerId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="coverdesk-notice-${id}-${ownerId}.pdf"`);
    const text = await pdfOf(
      letterRoute.GET,
      `/api/requests/${id}/owners/${ownerId}/notice.pdf`,
      { id: String(id), ownerId: String(ownerId) },
      keys.staff,
    );
    for (const part of [
      "Notice of Intention to Obtain a Compulsory License",
      `Request ${id}, ${long(10)}`,
      "Owner Post Only Music",
      "Postal address 12 Letterbox Lane, Memphis, TN 38103",
      "Share 50% of the work",
      "Full legal name Courier Records LLC",
      "Title Postmark Blues",
      "Writers Pia Post, Eli Mailer",
      "Units 2,500",
      "Release month March 2027",
      "Principal artist The Couriers",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("exists once licensing has begun, for employees only", async () => {
    setClock(undefined);
    const { id } = await fileRequest(keys.client);
    await linkSong(keys.staff, id, song.id);
    expect((await letter(id, owner("Post Only Music"))).body.code).toBe("not_found");
    expect((await letter(id, owner("Post Only Music"), keys.client)).body.code).toBe("forbidden");
  });
});

describe("an owner's contact details", () => {
  const putContact = (ownerId: number, body: unknown, key = keys.staff) =>
    call(contactRoute.PUT, "PUT", `/api/owners/${ownerId}/contact`, { key, params: { id: String(ownerId) }, body });

  it("can be completed once licensing has begun (the song is frozen), and then the notice goes by mail", async () => {
    const fresh = await addSong(keys.staff, {
      title: "Late Address Waltz",
      writers: ["Ada Late"],
      owners: [{ name: "Found Later Music", postalAddress: null, share: 100 }],
    });
    const ownerId = fresh.owners[0]!.id;
    setClock(undefined);
    const { id } = await fileRequest(keys.client);
    await linkSong(keys.staff, id, fresh.id);
    await setStatus(keys.staff, id, { code: "ready" });
    await payAndBegin(keys, id);
    expect((await serve(keys.staff, id, ownerId, { carrier: "USPS" })).body.code).toBe("owner_contact_missing");

    expect((await putContact(ownerId, { postalAddress: "4 Found Road\nTulsa, OK 74103" }, keys.client)).body.code).toBe(
      "forbidden",
    );
    const bad = await putContact(ownerId, { email: "not an address" });
    expect(bad.body.errors).toEqual([{ path: "email", message: "must be an email address" }]);
    const saved = await putContact(ownerId, { postalAddress: "4 Found Road\nTulsa, OK 74103" });
    expect(saved.status).toBe(200);
    expect(saved.body.owners).toEqual([
      {
        id: ownerId,
        name: "Found Later Music",
        email: null,
        noticeEmailDesignated: false,
        postalAddress: "4 Found Road\nTulsa, OK 74103",
        share: 100,
      },
    ]);
    const served = await serve(keys.staff, id, ownerId, { carrier: "USPS" });
    expect(served.body.status.code).toBe("licensed");
    expect((await noticesOf(id))[0]).toMatchObject({ method: "mail" });
  });
});

describe("owners' postal addresses in the catalog", () => {
  it("are kept one line per line, trimmed, and shown by the song API", async () => {
    const res = await call(songRoute.GET, "GET", `/api/songs/${song.id}`, {
      key: keys.staff,
      params: { id: String(song.id) },
    });
    expect(
      res.body.owners.map((o: { name: string; postalAddress: string | null; email: string | null }) => [
        o.name,
        o.postalAddress,
        o.email,
      ]),
    ).toEqual([
      ["Post Only Music", "12 Letterbox Lane\nMemphis, TN 38103", null],
      ["Inbox Songs", null, "notices@inbox.example.com"],
      ["Nothing On File", null, null],
    ]);
  });
});
