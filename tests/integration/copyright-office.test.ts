import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as formatsRoute from "@/app/api/formats/route";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as filingRoute from "@/app/api/requests/[id]/owners/[ownerId]/filing/route";
import * as notFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import { auditEvents, requestCosts } from "@/db/schema";
import { call, clientKey, staffKey, type Handler } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { pdfText } from "../helpers/pdf-text";
import { addSong, linkSong, payAndBegin, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Filing Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff, songBody({ title: "Lighthouse Keeper", writers: ["Nora Keeper", "Tom Tide"] }));
});

/** A request of `formatId` with licensing in progress (its notices created), or only ready. */
async function requestOn(formatId: number, status: "ready" | "in_progress" = "in_progress") {
  const body = requestBody({
    track: {
      album: {
        title: "Harbor Covers",
        artist: "The Night Shift",
        licensee: {
          ...COMPLETE_LICENSEE,
          companyName: "Shift Records LLC",
          email: "rights@shift.example.com",
          officers: "Nora Shift, owner",
        },
      },
      externalTrackId: "SHIFT-007",
      releases: [{ formatId, releaseQuantity: 500, releaseMonth: 1, releaseYear: 2099 }],
    },
  });
  const { id } = await fileRequest(keys.client, body);
  await linkSong(keys.staff, id, song.id);
  await setStatus(keys.staff, id, { code: "ready" });
  if (status === "in_progress") await payAndBegin(keys, id);
  return id;
}

const path = (id: number, ownerId: number) => ({ id: String(id), ownerId: String(ownerId) });
const markNotFound = (id: number, ownerId: number, key = keys.staff) =>
  call(notFoundRoute.POST, "POST", `/api/requests/${id}/owners/${ownerId}/owner-not-found`, {
    key,
    params: path(id, ownerId),
  });
const filing = (id: number, ownerId: number, key = keys.staff) =>
  call(filingRoute.GET, "GET", `/api/requests/${id}/owners/${ownerId}/filing`, { key, params: path(id, ownerId) });
const notices = (id: number) =>
  call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: keys.staff, params: { id: String(id) } });
/** The text of a PDF a route answers, whitespace collapsed. */
async function pdfOf(handler: Handler, url: string, params: Record<string, string>, key: string) {
  const res = await handler(new Request(`http://localhost${url}`, { headers: { Authorization: `Bearer ${key}` } }), {
    params: Promise.resolve(params),
  });
  return (await pdfText(new Uint8Array(await res.arrayBuffer()))).replace(/\s+/g, " ");
}
const costsOf = (id: number) => db().select().from(requestCosts).where(eq(requestCosts.requestId, id));

describe("formats", () => {
  it("say which are physical phonorecords (docs/product-rules.md, 'Formats')", async () => {
    const res = await call(formatsRoute.GET, "GET", "/api/formats", { key: keys.client });
    const physical = res.body.filter((f: { physical: boolean }) => f.physical).map((f: { id: number }) => f.id);
    expect(physical).toEqual([1001, 1005, 1006, 1007, 1008, 1009, 1011]);
  });
});

describe("an owner not in the Copyright Office's records, physical format (CD)", () => {
  let id: number;
  let owner: { id: number; name: string };
  beforeAll(async () => {
    id = await requestOn(1001);
    owner = song.owners[0]!;
  });

  it("files the notice with the Office: the route is recorded and the Office's fee is a cost on the request", async () => {
    const res = await markNotFound(id, owner.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ownerId: owner.id,
      route: "copyright_office",
      ownerNotFound: true,
      filingFee: "75.00",
      served: false,
    });
    expect(await costsOf(id)).toMatchObject([
      {
        kind: "copyright_office_filing",
        amount: 750000,
        description: "Copyright Office filing fee: notice of intention for Harbor Music Publishing",
      },
    ]);
    const again = await markNotFound(id, owner.id);
    expect(again.body).toEqual(res.body);
    expect(await costsOf(id)).toHaveLength(1);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "notice.owner_not_found"));
    expect(audit).toHaveLength(1);
    expect((await notices(id)).body.map((n: { route: string }) => n.route)).toEqual(["copyright_office", "owner"]);
  });

  it("gives the filing document with the fields the Office asks for", async () => {
    const res = await filing(id, owner.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="coverdesk-filing-${id}-${owner.id}.pdf"`,
    );
    const text = await pdfOf(
      filingRoute.GET,
      `/api/requests/${id}/owners/${owner.id}/filing`,
      path(id, owner.id),
      keys.staff,
    );
    for (const field of [
      "Notice of Intention to Obtain a Compulsory License",
      "Notice of Intention to Obtain a Compulsory License for Making and Distributing Phonorecords",
      "Filed with the U.S. Copyright Office under 17 U.S.C. § 115(b) and 37 CFR 201.18(f)",
      "Full legal name Shift Records LLC",
      "Street address 100 Congress Avenue, Austin, TX 78701, US",
      "Telephone +1 512 555 0100",
      "Officers or owners Nora Shift, owner",
      "Email rights@shift.example.com",
      "Title Lighthouse Keeper",
      "Writers Nora Keeper, Tom Tide",
      "Copyright owner Harbor Music Publishing, 60% share",
      "records of the Copyright Office do not identify this owner",
      "Configuration Compact Discs",
      "Release month January 2099 (expected first distribution)",
      "Principal artist The Night Shift",
      "Label none assigned",
      "Catalog number none assigned",
      "Filing fee $75.00 (one title)",
      "Signed CoverDesk, authorized agent for Shift Records LLC",
    ]) {
      expect(text).toContain(field);
    }
  });

  it("serving it is filing it; the license then says so", async () => {
    // Filing with the Office is the employee's choice, with the Office's receipt; it is never assumed.
    const filed = await serve(keys.staff, id, owner.id, {
      method: "copyright_office",
      filingReference: "Deposit account debit 2026-118",
    });
    expect(filed.body.status.code).toBe("in_progress");
    expect((await serve(keys.staff, id, song.owners[1]!.id, { carrier: "USPS" })).body.status.code).toBe("licensed");
    expect((await notices(id)).body[0]).toMatchObject({
      method: "copyright_office",
      filingReference: "Deposit account debit 2026-118",
    });
    const text = await pdfOf(licenseRoute.GET, `/api/requests/${id}/license`, { id: String(id) }, keys.client);
    expect(text).toContain(
      "Harbor Music Publishing: 60%, held for an owner not identified in the Copyright Office's records, royalty not payable: owner not identified. Notice of intention filed with the Copyright Office on",
    );
    expect(text).toContain("Ben Composer Songs: 40%. Notice of intention served by mail on");
  });
});

describe("an owner not in the Copyright Office's records, digital format", () => {
  it("records it, but no filing is possible: the notice cannot be served and the request cannot be licensed", async () => {
    const id = await requestOn(1002);
    const [missing, found] = song.owners;
    const res = await markNotFound(id, missing!.id);
    expect(res.body).toMatchObject({ route: "none", ownerNotFound: true, filingFee: null });
    expect(await costsOf(id)).toEqual([]);
    expect((await filing(id, missing!.id)).body.code).toBe("not_found");
    const refused = await serve(keys.staff, id, missing!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("invalid_transition");
    expect(refused.body.detail).toContain("this release is digital");
    expect(refused.body.detail).toContain("MLC");
    expect((await serve(keys.staff, id, found!.id)).body.status.code).toBe("in_progress");
  });
});

describe("refusals", () => {
  it("before licensing (409), once served (409), an owner with no notice (404), a client key (403)", async () => {
    const ready = await requestOn(1001, "ready");
    expect((await markNotFound(ready, song.owners[0]!.id)).body.code).toBe("invalid_transition");
    const inProgress = await requestOn(1001);
    await serve(keys.staff, inProgress, song.owners[0]!.id);
    const served = await markNotFound(inProgress, song.owners[0]!.id);
    expect([served.status, served.body.code]).toEqual([409, "invalid_transition"]);
    expect((await markNotFound(inProgress, 987654)).body.code).toBe("not_found");
    expect((await markNotFound(inProgress, song.owners[1]!.id, keys.client)).body.code).toBe("forbidden");
    expect((await filing(inProgress, song.owners[1]!.id, keys.client)).body.code).toBe("forbidden");
    expect((await filing(inProgress, song.owners[1]!.id)).body.code).toBe("not_found");
    expect(await costsOf(inProgress)).toEqual([]);
  });
});
