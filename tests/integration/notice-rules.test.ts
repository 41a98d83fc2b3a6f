import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as balanceRoute from "@/app/api/account/balance/route";
import * as contactRoute from "@/app/api/owners/[id]/contact/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import * as bulkRoute from "@/app/api/requests/status/route";
import * as serveRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice/route";
import { ownerNotices, requests } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { addSong, linkSong, payAndBegin, serve, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
afterAll(() => setClock(undefined));

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Rules Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, {
    title: "Registered Letter",
    writers: ["Rae Rule"],
    owners: [
      {
        name: "Designated Music",
        email: "notices@designated.example.com",
        noticeEmailDesignated: true,
        postalAddress: "1 Notice Road\nAkron, OH 44308",
        share: 50,
      },
      {
        name: "Undesignated Songs",
        email: "hello@undesignated.example.com",
        postalAddress: "2 Notice Road\nAkron, OH 44308",
        share: 50,
      },
    ],
  });
});

const owner = (name: string) => song.owners.find((o) => o.name === name)!.id;

/**
 * A request in licensing for a release in March 2027 (its notices due by Feb 28, 2027), filed today; the clock then
 * reads `today` (an ISO day), on which the notices are served.
 */
async function requestInLicensing(formatId: number, today: string) {
  setClock(undefined);
  const body = requestBody({
    track: {
      album: {
        title: "Rule Book",
        artist: "The Clerks",
        licensee: { ...COMPLETE_LICENSEE, companyName: "Clerk Records LLC", email: "rights@clerk.example.com" },
      },
      releases: [{ formatId, releaseQuantity: 300, releaseMonth: 3, releaseYear: 2027 }],
    },
  });
  const { id } = await fileRequest(keys.client, body);
  await linkSong(keys.staff, id, song.id);
  await setStatus(keys.staff, id, { code: "ready" });
  await payAndBegin(keys, id);
  setClock(new Date(`${today}T15:00:00Z`));
  return id;
}
const ON_TIME = "2027-02-28";
const LATE = "2027-03-01";

const noticesOf = async (id: number) =>
  (await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: keys.staff, params: { id: String(id) } }))
    .body as Record<string, unknown>[];
const statusOf = async (id: number) =>
  (await db().select({ code: requests.statusCode }).from(requests).where(eq(requests.id, id)))[0]!.code;
const servedRows = (id: number) => db().select().from(ownerNotices).where(eq(ownerNotices.requestId, id));
const byMail = { method: "mail", carrier: "USPS Certified Mail", trackingNumber: "7019 0700 0000 1234" };
const attestation = {
  noCopiesDistributed: true,
  madeWithin30Days: true,
  note: "The label confirmed by email that pressing starts in April.",
};

describe("a notice served after its due date", () => {
  const cases: {
    name: string;
    body: Record<string, unknown>;
    status: number;
    code?: string;
    error?: { path: string; message: string };
  }[] = [
    {
      name: "without an attestation",
      body: byMail,
      status: 409,
      code: "notice_late",
      error: { path: "lateAttestation", message: "is required: the notice was due by 2027-02-28" },
    },
    {
      name: "with noCopiesDistributed false",
      body: { ...byMail, lateAttestation: { ...attestation, noCopiesDistributed: false } },
      status: 400,
      code: "validation_failed",
      error: {
        path: "lateAttestation.noCopiesDistributed",
        message: "must be true: no copy may have been distributed before the notice is served",
      },
    },
    {
      name: "with madeWithin30Days false",
      body: { ...byMail, lateAttestation: { ...attestation, madeWithin30Days: false } },
      status: 400,
      code: "validation_failed",
      error: {
        path: "lateAttestation.madeWithin30Days",
        message: "must be true: no copy may have been made more than 30 days before the notice is served",
      },
    },
    {
      name: "with an empty note",
      body: { ...byMail, lateAttestation: { ...attestation, note: "  " } },
      status: 400,
      code: "validation_failed",
      error: { path: "lateAttestation.note", message: "must not be empty" },
    },
  ];

  it.each(cases)("is refused $name; the request stays in licensing, nothing written", async (c) => {
    const id = await requestInLicensing(1002, LATE);
    const res = await serve(keys.staff, id, owner("Designated Music"), c.body);
    expect(res.status).toBe(c.status);
    expect(res.body.code).toBe(c.code);
    expect(res.body.errors).toContainEqual(c.error);
    if (c.code === "notice_late") {
      expect(res.body.detail).toContain("were due by Feb 28, 2027 and this one is served on Mar 1, 2027");
      expect(res.body.detail).toContain("custom_license_required");
    }
    expect(await statusOf(id)).toBe("in_progress");
    expect((await servedRows(id)).every((n) => n.servedAt === null && n.lateAttestation === null)).toBe(true);
  });

  it("is served with the attestation, stored with the due date and shown in the notice view", async () => {
    const id = await requestInLicensing(1002, LATE);
    for (const name of ["Designated Music", "Undesignated Songs"]) {
      const res = await serve(keys.staff, id, owner(name), { ...byMail, lateAttestation: attestation });
      expect(res.status).toBe(200);
    }
    expect(await statusOf(id)).toBe("licensed");
    const [first] = await noticesOf(id);
    expect(first).toMatchObject({
      servedOn: LATE,
      method: "mail",
      carrier: "USPS Certified Mail",
      trackingNumber: "7019 0700 0000 1234",
      lateAttestation: { ...attestation, dueOn: ON_TIME },
    });
  });

  it("on time needs no attestation, and one sent anyway is not stored", async () => {
    const id = await requestInLicensing(1002, ON_TIME);
    expect((await serve(keys.staff, id, owner("Designated Music"), byMail)).status).toBe(200);
    const res = await serve(keys.staff, id, owner("Undesignated Songs"), { ...byMail, lateAttestation: attestation });
    expect(res.status).toBe(200);
    expect((await noticesOf(id)).map((n) => n.lateAttestation)).toEqual([null, null]);
  });

  it("refused, leaves the request to move to cannot_license (custom license), its money to the balance", async () => {
    const balance = async () =>
      Number((await call(balanceRoute.GET, "GET", "/api/account/balance", { key: keys.client })).body.balance);
    const id = await requestInLicensing(1002, LATE);
    const before = await balance();
    expect((await serve(keys.staff, id, owner("Designated Music"), byMail)).body.code).toBe("notice_late");
    const moved = await setStatus(keys.staff, id, { code: "cannot_license", reason: "custom_license_required" });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toMatchObject({ code: "cannot_license", reason: "custom_license_required" });
    expect(await balance()).toBeGreaterThan(before);
  });

  it("is refused in the bulk serve without the attestation, and served with it", async () => {
    const id = await requestInLicensing(1002, LATE);
    const bulk = (body: Record<string, unknown>) =>
      call(bulkRoute.POST, "POST", "/api/requests/status", {
        key: keys.staff,
        body: { requestIds: [id], code: "serve_notices", ...body },
      });
    const refused = await bulk(byMail);
    expect(refused.body.results).toEqual([{ id, ok: false, code: "notice_late", detail: expect.any(String) }]);
    expect(await statusOf(id)).toBe("in_progress");
    const served = await bulk({ ...byMail, lateAttestation: attestation });
    expect(served.body.results).toEqual([{ id, ok: true }]);
    expect(await statusOf(id)).toBe("licensed");
    expect((await noticesOf(id)).map((n) => (n.lateAttestation as { dueOn: string }).dueOn)).toEqual([
      ON_TIME,
      ON_TIME,
    ]);
  });
});

describe("the way a notice is served", () => {
  const markNotFound = (id: number, ownerId: number) =>
    call(notFoundRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/owner-not-found`, {
      key: keys.staff,
      params: { id: String(id), ownerId: String(ownerId) },
    });
  const office = { method: "copyright_office", filingReference: "CO receipt 2027-000123" };

  const cases: {
    name: string;
    formatId: number;
    notFound: boolean;
    to: string;
    body: Record<string, unknown> | undefined;
    status: number;
    code?: string;
    error?: { path: string; message: string };
    stored?: Record<string, unknown>;
  }[] = [
    {
      name: "filed with the Office for an owner not marked not found",
      formatId: 1001,
      notFound: false,
      to: "Designated Music",
      body: office,
      status: 409,
      code: "office_filing_not_allowed",
      error: { path: "method", message: "a Copyright Office filing is not allowed for Designated Music" },
    },
    {
      name: "filed with the Office for a digital release (owner marked not found)",
      formatId: 1002,
      notFound: true,
      to: "Designated Music",
      body: office,
      status: 409,
      code: "office_filing_not_allowed",
      error: { path: "method", message: "a Copyright Office filing is not allowed for Designated Music" },
    },
    {
      name: "filed with the Office without a filing reference",
      formatId: 1001,
      notFound: true,
      to: "Designated Music",
      body: { method: "copyright_office" },
      status: 400,
      code: "validation_failed",
      error: {
        path: "filingReference",
        message: "is required to file with the Copyright Office: its receipt number or deposit-account debit",
      },
    },
    {
      name: "filed with the Office properly",
      formatId: 1001,
      notFound: true,
      to: "Designated Music",
      body: office,
      status: 200,
      stored: { method: "copyright_office", filingReference: "CO receipt 2027-000123", carrier: null },
    },
    {
      name: "by mail without a carrier",
      formatId: 1002,
      notFound: false,
      to: "Designated Music",
      body: { method: "mail", trackingNumber: "1Z999" },
      status: 400,
      code: "validation_failed",
      error: { path: "carrier", message: "is required to serve by mail: the postal carrier or courier (USPS, FedEx…)" },
    },
    {
      name: "with no body (mail, the default, needs its carrier)",
      formatId: 1002,
      notFound: false,
      to: "Designated Music",
      body: undefined,
      status: 400,
      code: "validation_failed",
      error: { path: "carrier", message: "is required to serve by mail: the postal carrier or courier (USPS, FedEx…)" },
    },
    {
      name: "by mail with a carrier and no tracking number",
      formatId: 1002,
      notFound: false,
      to: "Designated Music",
      body: { carrier: "FedEx" },
      status: 200,
      stored: { method: "mail", carrier: "FedEx", trackingNumber: null, filingReference: null },
    },
    {
      name: "by email to an owner who has not designated it for notices",
      formatId: 1002,
      notFound: false,
      to: "Undesignated Songs",
      body: { method: "email" },
      status: 409,
      code: "owner_contact_missing",
      error: {
        path: "method",
        message: "Undesignated Songs has not designated an email address for notices of intention",
      },
    },
    {
      name: "by email to the address the owner designated",
      formatId: 1002,
      notFound: false,
      to: "Designated Music",
      body: { method: "email" },
      status: 200,
      stored: { method: "email", carrier: null, ownerEmail: "notices@designated.example.com" },
    },
  ];

  it.each(cases)("$name: $status", async (c) => {
    const id = await requestInLicensing(c.formatId, ON_TIME);
    if (c.notFound) expect((await markNotFound(id, owner(c.to))).status).toBe(200);
    const res = c.body
      ? await serve(keys.staff, id, owner(c.to), c.body)
      : await call(serveRoute.POST, "POST", `/api/requests/${id}/owners/${owner(c.to)}/notice`, {
          key: keys.staff,
          params: { id: String(id), ownerId: String(owner(c.to)) },
        });
    expect(res.status).toBe(c.status);
    const notice = (await noticesOf(id)).find((n) => n.ownerName === c.to)!;
    if (c.status === 200) {
      expect(notice).toMatchObject({ served: true, ...c.stored });
      return;
    }
    expect(res.body.code).toBe(c.code);
    if (c.error) expect(res.body.errors).toContainEqual(c.error);
    expect(notice.served).toBe(false);
  });
});

describe("an owner's email designated for notices", () => {
  const putContact = (ownerId: number, body: unknown) =>
    call(contactRoute.PUT, "PUT", `/api/owners/${ownerId}/contact`, {
      key: keys.staff,
      params: { id: String(ownerId) },
      body,
    });

  it("is set with the contact, shown on the song, and lets a notice go by email", async () => {
    const id = await requestInLicensing(1002, ON_TIME);
    const ownerId = owner("Undesignated Songs");
    expect((await serve(keys.staff, id, ownerId, { method: "email" })).body.code).toBe("owner_contact_missing");
    const res = await putContact(ownerId, {
      email: "hello@undesignated.example.com",
      noticeEmailDesignated: true,
      postalAddress: "2 Notice Road\nAkron, OH 44308",
    });
    expect(res.status).toBe(200);
    expect(res.body.owners.find((o: { id: number }) => o.id === ownerId)).toMatchObject({
      email: "hello@undesignated.example.com",
      noticeEmailDesignated: true,
    });
    expect((await serve(keys.staff, id, ownerId, { method: "email" })).status).toBe(200);
    // A contact replaced without the flag clears the designation, as every field a PUT leaves out.
    const cleared = await putContact(ownerId, { email: "hello@undesignated.example.com" });
    expect(cleared.body.owners.find((o: { id: number }) => o.id === ownerId).noticeEmailDesignated).toBe(false);
  });

  it("needs an email to designate", async () => {
    const res = await putContact(owner("Designated Music"), { noticeEmailDesignated: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "noticeEmailDesignated", message: "needs the email address the owner designated for notices" },
    ]);
  });
});
