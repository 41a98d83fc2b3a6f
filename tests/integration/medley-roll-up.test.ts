import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as eventsRoute from "@/app/api/requests/[id]/events/route";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as reorderRoute from "@/app/api/tracks/[id]/requests/route";
import { setClock } from "@/lib/clock";
import { call, clientKey, staffKey } from "../helpers/api";
import { COMPLETE_LICENSEE, fileRequest, requestBody } from "../helpers/fixtures";
import { invoiceAndPay } from "../helpers/money";
import { pdfText } from "../helpers/pdf-text";
import { expectProblem } from "../helpers/problem";
import { addSong, linkSong, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 21: a medley as a whole has no song of its own and owes nothing; it follows its song parts through every
// status (docs/product-rules.md, "Medleys"), on the initial release and on each reorder, and its view lists its parts.
const db = setupTestDb();
let client: string;
let staff: string;
beforeAll(async () => {
  client = (await clientKey(db(), "Medley Records")).key;
  staff = await staffKey(db());
});
afterEach(() => setClock(undefined));

type View = {
  id: number;
  trackId: number;
  status: { code: string; reason?: string };
  licensingBegun: boolean;
  medley: any;
};
const view = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: client, params: { id: String(id) } }))
    .body as View;
const code = async (id: number) => (await view(id)).status.code;
async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function fileMedley() {
  const song = (title: string) => ({ title, originalRecordingArtist: "Dolly Parton" });
  const res = await call(albumsRoute.POST, "POST", "/api/albums", {
    key: client,
    body: {
      album: {
        title: "Medleys",
        artist: "The Followers",
        licensee: { ...COMPLETE_LICENSEE, companyName: "Followers LLC", email: "f@followers.example.com" },
      },
      release: { formatId: 1002, releaseQuantity: 1000 },
      tracks: [
        {
          medley: {
            lengthInSeconds: 420,
            song: song("Jolene / Landslide"),
            parts: [
              { lengthInSeconds: 200, song: song("Jolene") },
              { lengthInSeconds: 220, song: song("Landslide") },
            ],
          },
        },
      ],
    },
  });
  expect(res.status).toBe(201);
  const [whole, a, b] = res.body.requests as View[];
  const songA = await addSong(staff, songBody({ title: "Jolene" }));
  const songB = await addSong(staff, songBody({ title: "Landslide" }));
  await ok(linkSong(staff, a!.id, songA.id));
  await ok(linkSong(staff, b!.id, songB.id));
  return {
    whole: whole!,
    parts: [
      { ...a!, song: songA },
      { ...b!, song: songB },
    ],
  };
}

describe("a medley whole follows its parts", () => {
  it("becomes ready, begins licensing and is licensed with its parts, without a song link or payment of its own", async () => {
    const { whole, parts } = await fileMedley();
    const [a, b] = parts;

    await ok(setStatus(staff, a!.id, { code: "ready" }));
    expect(await code(whole.id)).toBe("new");
    await ok(setStatus(staff, b!.id, { code: "ready" }));
    expect(await code(whole.id)).toBe("ready");

    const byHand = expectProblem(await setStatus(staff, whole.id, { code: "need_payment" }), 409, "invalid_transition");
    expect(byHand.detail).toMatch(
      /medley as a whole, which follows its song parts.*It has 2 song parts; move the parts instead/,
    );

    for (const p of parts) await ok(setStatus(staff, p.id, { code: "need_payment" }));
    await invoiceAndPay(
      { client, staff },
      parts.map((p) => p.id),
    );
    // Paid: both parts begin licensing, and the whole with them.
    expect(await view(whole.id)).toMatchObject({ status: { code: "in_progress" }, licensingBegun: true });
    expect(await code(b!.id)).toBe("in_progress");
    for (const owner of a!.song.owners) await ok(serve(staff, a!.id, owner.id));
    expect(await code(a!.id)).toBe("licensed");
    expect(await code(whole.id)).toBe("in_progress");
    for (const owner of b!.song.owners) await ok(serve(staff, b!.id, owner.id));

    expect((await view(whole.id)).medley).toEqual({
      kind: "whole",
      partCount: 2,
      parts: [
        {
          requestId: a!.id,
          trackId: a!.trackId,
          title: "Jolene",
          status: expect.objectContaining({ code: "licensed", label: "Licensed" }),
        },
        {
          requestId: b!.id,
          trackId: b!.trackId,
          title: "Landslide",
          status: expect.objectContaining({ code: "licensed" }),
        },
      ],
    });
    expect(await code(whole.id)).toBe("licensed");
    const events = await call(eventsRoute.GET, "GET", `/api/requests/${whole.id}/events`, {
      key: client,
      params: { id: String(whole.id) },
    });
    expect(
      (events.body as { from: string | null; to: string; note: string | null }[]).map((e) => [e.from, e.to, e.note]),
    ).toEqual([
      [null, "new", null],
      ["new", "ready", "Every song part of this medley is ready."],
      ["ready", "in_progress", "Licensing has begun on the song parts of this medley."],
      ["in_progress", "licensed", "Every song part of this medley is licensed."],
    ]);

    // Its license names every part's composition and owners.
    const pdf = await licenseRoute.GET(
      new Request(`http://localhost/api/requests/${whole.id}/license`, {
        headers: { Authorization: `Bearer ${client}` },
      }),
      { params: Promise.resolve({ id: String(whole.id) }) },
    );
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Composition: Jolene");
    expect(text).toContain("Composition: Landslide");
    expect(text).toContain("Harbor Music Publishing: 60%");
  });

  it("goes back to new when a part needs info again, and cannot be licensed (with the part's reason) when a part cannot", async () => {
    const { whole, parts } = await fileMedley();
    for (const p of parts) await ok(setStatus(staff, p.id, { code: "ready" }));
    expect(await code(whole.id)).toBe("ready");
    await ok(setStatus(staff, parts[0]!.id, { code: "need_info", note: "Which arrangement?" }));
    expect(await code(whole.id)).toBe("new");
    await ok(setStatus(staff, parts[1]!.id, { code: "cannot_license", reason: "changed_lyrics" }));
    expect((await view(whole.id)).status).toMatchObject({ code: "cannot_license", reason: "changed_lyrics" });
  });

  it("follows the parts of its own release on a reorder, leaving the licensed original alone", async () => {
    const { whole, parts } = await fileMedley();
    for (const p of parts) {
      await ok(setStatus(staff, p.id, { code: "ready" }));
      await ok(setStatus(staff, p.id, { code: "need_payment" }));
    }
    await invoiceAndPay(
      { client, staff },
      parts.map((p) => p.id),
    );
    for (const p of parts) for (const owner of p.song.owners) await ok(serve(staff, p.id, owner.id));
    expect(await code(whole.id)).toBe("licensed");

    const reorder = await call(reorderRoute.POST, "POST", `/api/tracks/${whole.trackId}/requests`, {
      key: client,
      params: { id: String(whole.trackId) },
      body: { formatId: 1002, releaseQuantity: 500 },
    });
    expect(reorder.status).toBe(201);
    const [again, ...againParts] = reorder.body as View[];
    expect(again!.medley.parts.map((p: { requestId: number }) => p.requestId)).toEqual(againParts.map((p) => p.id));
    // The parts' songs were linked on the tracks: the reorder's parts can be made ready at once.
    for (const p of againParts) await ok(setStatus(staff, p.id, { code: "ready" }));
    expect(await code(again!.id)).toBe("ready");
    await ok(setStatus(staff, againParts[0]!.id, { code: "cannot_license", reason: "not_us_copyright" }));
    expect((await view(again!.id)).status).toMatchObject({ code: "cannot_license", reason: "not_us_copyright" });
    expect(await code(whole.id)).toBe("licensed");
  });
});

describe("a medley whole is not moved along by hand", () => {
  it("is refused with 409 saying why, and a medley of fewer than two parts says it needs two", async () => {
    const filed = await fileRequest(
      client,
      requestBody({ track: { medley: true, song: { title: "Medley", originalRecordingArtist: "X" } } }),
    );
    expect((await view(filed.id)).medley).toEqual({ kind: "whole", partCount: 0, parts: [] });
    const none = expectProblem(await setStatus(staff, filed.id, { code: "ready" }), 409, "invalid_transition");
    expect(none.detail).toMatch(/It has no song parts; a medley needs at least two/);

    await fileRequest(
      client,
      requestBody({
        track: {
          album: { id: filed.albumId },
          releases: [{ id: filed.releaseId }],
          medleyTrackId: filed.trackId,
          song: { title: "Part", originalRecordingArtist: "X" },
        },
      }),
    );
    const one = expectProblem(await setStatus(staff, filed.id, { code: "ready" }), 409, "invalid_transition");
    expect(one.detail).toMatch(/It has only one song part; a medley needs at least two/);
    // Staff can still ask the client about the medley as a whole, or refuse it.
    await ok(setStatus(staff, filed.id, { code: "need_info", note: "Is this a medley of two songs?" }));
  });
});
