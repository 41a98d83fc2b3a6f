import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as blanketServiceRoute from "@/app/api/blanket-licensed-services/[id]/route";
import * as blanketServicesRoute from "@/app/api/blanket-licensed-services/route";
import * as allNoticesRoute from "@/app/api/notices/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as trackReleaseRoute from "@/app/api/tracks/[id]/releases/[releaseId]/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import * as requestsRoute from "@/app/api/requests/route";
import { setClock } from "@/lib/clock";
import { deadlineWindow } from "@/lib/licensing/notice-due-on";
import { serveOpenNotices } from "@/lib/licensing/serve-open-notices";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { postCheckedImport } from "../helpers/imports";
import { expectProblem } from "../helpers/problem";
import { rowCounts } from "../helpers/row-counts";
import { accept, addSong, linkSong, payAndBegin, serve, setStatus } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 43: interactive streams are not a § 115 compulsory license. Services holding the MLC's blanket license pay
// the mechanicals themselves, so a stream filing naming one is refused; other outlets are licensed by the owners.
const db = setupTestDb();
let keys: { client: string; staff: string };
beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Stream Records")).key, staff: await staffKey(db()) };
});
afterAll(() => setClock(undefined));

const employee = { kind: "employee", name: "Sam", userId: null, apiKeyId: null } as const;
const OUTLETS = "track.releases.0.expectedOutletsOfDistribution";
const streams = (outlets: string, formatId = 1003) =>
  requestBody({ track: { releases: [{ formatId, releaseQuantity: 250000, expectedOutletsOfDistribution: outlets }] } });
const fileStreams = (outlets: string, formatId = 1003) =>
  call(requestsRoute.POST, "POST", "/api/requests", { key: keys.client, body: streams(outlets, formatId) });
/** The services a refusal names, in its errors[] (one entry per matched name, at the outlets' path). */
const refusedNames = (res: { body: { errors?: { path: string; message: string }[] } }, path = OUTLETS) =>
  (res.body.errors ?? []).map((e) => {
    expect(e.path).toBe(path);
    return e.message.replace(/ holds the MLC's blanket license.*$/, "");
  });

describe("a stream filing for a blanket-licensed service", () => {
  it.each([
    [
      "the API guide's old example",
      "Spotify, Apple Music and YouTube Music",
      ["Spotify", "Apple Music", "YouTube Music"],
    ],
    ["a semicolon, lower case", "spotify;tidal", ["spotify", "tidal"]],
    ["YouTube alone", "YouTube", ["YouTube"]],
    ["YouTube Music is its own service, not YouTube", "YouTube Music", ["YouTube Music"]],
    ["extra spaces around and inside names", "  Apple   Music  ,   Bandcamp  ", ["Apple   Music"]],
    ["a mix with an outlet of the client's own", "Spotify and my own website", ["Spotify"]],
    ["a name written twice", "Deezer & deezer", ["Deezer"]],
  ])("is refused whole: %s", async (_case, outlets, names) => {
    const before = await rowCounts(db());
    const res = await fileStreams(outlets);
    expectProblem(res, 400, "covered_by_blanket_license");
    expect(refusedNames(res).map((n) => n.replace(/\s+/g, " "))).toEqual(names.map((n) => n.replace(/\s+/g, " ")));
    expect(res.body.detail).toContain("blanket license");
    expect(res.body.detail).toContain("17 U.S.C. § 115(d)");
    expect(res.body.detail).toMatch(/pays? the mechanical royalty/);
    expect(res.body.detail).toContain("remove these services from the outlets and file for the other outlets");
    expect(await rowCounts(db())).toEqual(before);
  });

  it.each([
    ["a store and the client's site", "Bandcamp & my website"],
    ["a name that holds the letters of a separator", "Bandcamp"],
    ["a distribution package", "our label's own streaming app; SoundCloudish Radio"],
  ])("is filed for other outlets only: %s", async (_case, outlets) => {
    const res = await fileStreams(outlets);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.royalty).toMatchObject({ perUnit: "0.0100", total: "2500.00" });
  });

  it("leaves other formats alone (a download sold on Apple Music is a § 115 license)", async () => {
    expect((await fileStreams("Apple Music", 1002)).status).toBe(201);
  });

  it("is refused on POST /api/albums at the release's path", async () => {
    const res = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: { title: "Streamed", artist: "The Band", licensee: { companyName: "Band LLC", email: "b@example.com" } },
        release: { formatId: 1003, releaseQuantity: 1000, expectedOutletsOfDistribution: "Pandora" },
        tracks: [{ song: { title: "One", originalRecordingArtist: "Someone" } }],
      },
    });
    expectProblem(res, 400, "covered_by_blanket_license");
    expect(refusedNames(res, "release.expectedOutletsOfDistribution")).toEqual(["Pandora"]);
  });

  it("is refused on a reorder, and on a change of a release's outlets or format", async () => {
    const filed = await fileRequest(keys.client, streams("Bandcamp"));
    const reorder = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${filed.trackId}/requests`, {
      key: keys.client,
      params: { id: String(filed.trackId) },
      body: { formatId: 1003, releaseQuantity: 500, expectedOutletsOfDistribution: "Bandcamp, Qobuz" },
    });
    expectProblem(reorder, 400, "covered_by_blanket_license");
    expect(refusedNames(reorder, "expectedOutletsOfDistribution")).toEqual(["Qobuz"]);

    const patch = (releaseId: number, body: unknown) =>
      call(trackReleaseRoute.PATCH, "PATCH", `/api/tracks/${filed.trackId}/releases/${releaseId}`, {
        key: keys.client,
        params: { id: String(filed.trackId), releaseId: String(releaseId) },
        body,
      });
    const outlets = await patch(filed.releaseId, [
      { op: "replace", path: "expectedOutletsOfDistribution", value: "Bandcamp; Napster" },
    ]);
    expectProblem(outlets, 400, "covered_by_blanket_license");
    expect(refusedNames(outlets, "expectedOutletsOfDistribution")).toEqual(["Napster"]);

    const download = await fileRequest(keys.client, streams("Amazon Music", 1002));
    const toStreams = await call(
      trackReleaseRoute.PATCH,
      "PATCH",
      `/api/tracks/${download.trackId}/releases/${download.releaseId}`,
      {
        key: keys.client,
        params: { id: String(download.trackId), releaseId: String(download.releaseId) },
        body: [{ op: "replace", path: "formatId", value: 1003 }],
      },
    );
    expectProblem(toStreams, 400, "covered_by_blanket_license");
    expect(refusedNames(toStreams, "expectedOutletsOfDistribution")).toEqual(["Amazon Music"]);
    // Nothing changed: the release is still the client's own outlets.
    const fine = await patch(filed.releaseId, [
      { op: "replace", path: "expectedOutletsOfDistribution", value: "Bandcamp and our site" },
    ]);
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it("refuses an import's row with the same code and message, and files the others", async () => {
    const res = await postCheckedImport(db(), keys.client, [streams("Audiomack"), streams("my website")]);
    expect(res.status).toBe(200);
    const rows = res.body.rows as { status: string; error: { code: string; detail: string } | null }[];
    expect(rows.map((r) => r.status)).toEqual(["invalid", "pending"]);
    expect(rows[0]!.error).toMatchObject({
      code: "covered_by_blanket_license",
      errors: [{ path: OUTLETS, message: expect.stringContaining("Audiomack holds the MLC's blanket license") }],
    });
  });
});

describe("the list of blanket-licensed services", () => {
  const list = (key: string) => call(blanketServicesRoute.GET, "GET", "/api/blanket-licensed-services", { key });
  const add = (key: string, name: unknown) =>
    call(blanketServicesRoute.POST, "POST", "/api/blanket-licensed-services", { key, body: { name } });
  const remove = (key: string, id: number) =>
    call(blanketServiceRoute.DELETE, "DELETE", `/api/blanket-licensed-services/${id}`, {
      key,
      params: { id: String(id) },
    });

  it("is seeded with the major US services, by name", async () => {
    const res = await list(keys.staff);
    expect(res.status).toBe(200);
    const names = (res.body as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["Spotify", "Apple Music", "YouTube Music", "YouTube", "Tidal"]));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.headers.get("X-Total-Count")).toBe(String(names.length));
  });

  it("is the staff's: a client key is refused every operation", async () => {
    expectProblem(await list(keys.client), 403, "forbidden");
    expectProblem(await add(keys.client, "Boomplay"), 403, "forbidden");
    expectProblem(await remove(keys.client, 1), 403, "forbidden");
  });

  it("refuses filings for a service staff add, and accepts them again once it is removed", async () => {
    expect((await fileStreams("Boomplay")).status).toBe(201);
    const added = await add(keys.staff, "  Boomplay ");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "Boomplay" });
    expect(added.headers.get("Location")).toBe(`/api/blanket-licensed-services/${added.body.id}`);
    expect(refusedNames(await fileStreams("boomplay"))).toEqual(["boomplay"]);

    expect(await remove(keys.staff, added.body.id)).toMatchObject({ status: 204 });
    expect((await fileStreams("Boomplay")).status).toBe(201);
    expectProblem(await remove(keys.staff, added.body.id), 404, "not_found");
  });

  it.each([
    ["a name already listed, in any case", "SPOTIFY", 'is already on the list (as "Spotify")'],
    ["two names", "Anghami & Boomplay", 'must be one service name, without commas, semicolons, "&" or the word "and"'],
    ["a blank name", "  ", "must not be empty"],
  ])("refuses %s", async (_case, name, message) => {
    const res = await add(keys.staff, name);
    expectProblem(res, 400, "validation_failed");
    expect(res.body.errors).toEqual([{ path: "name", message }]);
  });
});

describe("a voluntary stream license", () => {
  let song: Awaited<ReturnType<typeof addSong>>;
  beforeAll(async () => {
    song = await addSong(keys.staff, {
      title: "Open Waters",
      writers: ["Wren Writer"],
      owners: [
        { name: "Tide Music", postalAddress: "1 Quay\nMobile, AL 36602", share: 70 },
        { name: "Harbor Songs", email: "rights@harbor.example.com", share: 30 },
      ],
    });
  });
  const owner = (name: string) => song.owners.find((o) => o.name === name)!.id;

  async function inLicensing(formatId = 1003) {
    const { id } = await fileRequest(keys.client, streams("Bandcamp & our own app", formatId));
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready" });
    const begun = await payAndBegin(keys, id);
    expect(begun.status, JSON.stringify(begun.body)).toBe(200);
    return id;
  }
  const notices = async (id: number) =>
    (
      await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, {
        key: keys.staff,
        params: { id: String(id) },
      })
    ).body as { ownerName: string; served: boolean; method: string | null; acceptedOn: string | null }[];

  it("has no notice to serve: serving one is refused, saying to record the owner's acceptance", async () => {
    const id = await inLicensing();
    const res = await serve(keys.staff, id, owner("Tide Music"), { method: "mail", carrier: "USPS" });
    expectProblem(res, 409, "invalid_transition");
    expect(res.body.detail).toContain("not licensed under 17 U.S.C. § 115");
    expect(res.body.detail).toContain("record each owner's written acceptance instead");
    expect((await notices(id)).every((n) => !n.served)).toBe(true);
    // The queue's "serve the open notices" is refused alike.
    await expect(
      serveOpenNotices(db(), employee, id, {
        method: "mail",
        carrier: "USPS",
        trackingNumber: null,
        filingReference: null,
        note: null,
      }),
    ).rejects.toMatchObject({
      code: "invalid_transition",
    });
  });

  it("is licensed by the last owner's written acceptance", async () => {
    const id = await inLicensing();
    const { today } = deadlineWindow();
    const tomorrow = deadlineWindow(new Date(Date.now() + 86_400_000)).today;
    const future = await accept(keys.staff, id, owner("Tide Music"), { acceptedOn: tomorrow, reference: "Letter" });
    expectProblem(future, 400, "validation_failed");
    expect(future.body.errors).toEqual([
      { path: "acceptedOn", message: `must not be in the future (today is ${today})` },
    ]);
    const early = await accept(keys.staff, id, owner("Tide Music"), { acceptedOn: "2020-01-01", reference: "Letter" });
    expect(early.body.errors).toEqual([
      { path: "acceptedOn", message: `must not be before the request was filed (${today})` },
    ]);
    expectProblem(await accept(keys.staff, id, owner("Tide Music"), { acceptedOn: today }), 400, "validation_failed");

    const first = await accept(keys.staff, id, owner("Tide Music"), {
      acceptedOn: today,
      reference: "Signed letter of acceptance",
      terms: "Bandcamp and the label's app only",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status.code).toBe("in_progress");
    expect((await notices(id)).find((n) => n.ownerName === "Tide Music")).toMatchObject({
      served: true,
      method: null,
      acceptedOn: today,
      acceptanceReference: "Signed letter of acceptance",
      acceptanceTerms: "Bandcamp and the label's app only",
    });
    // The accepted owner is no longer work to do; the other still is.
    const open = await call(allNoticesRoute.GET, "GET", "/api/notices", { key: keys.staff, query: "served=false" });
    const openOwners = (open.body as { requestId: number; ownerName: string }[]).filter((n) => n.requestId === id);
    expect(openOwners.map((n) => n.ownerName)).toEqual(["Harbor Songs"]);

    const last = await accept(keys.staff, id, owner("Harbor Songs"), { acceptedOn: today, reference: "Email" });
    expect(last.body.status.code).toBe("licensed");
    const steps = await requestTimeline(db(), employee, id);
    expect(steps.at(-1)).toMatchObject({ to: { code: "licensed" } });
    expect(steps.at(-1)!.note).toContain("Every copyright owner has accepted the stream license in writing");
    // Recording it again changes nothing.
    const again = await accept(keys.staff, id, owner("Harbor Songs"), { acceptedOn: today, reference: "Other" });
    expect(again.body.status.code).toBe("licensed");
  });

  it("is only for streams: an acceptance on a download is refused", async () => {
    const id = await inLicensing(1002);
    const res = await accept(keys.staff, id, owner("Tide Music"));
    expectProblem(res, 409, "invalid_transition");
    expect(res.body.detail).toContain("serving a notice of intention");
  });

  it("is recorded by staff only", async () => {
    const id = await inLicensing();
    expectProblem(await accept(keys.client, id, owner("Tide Music")), 403, "forbidden");
  });
});
