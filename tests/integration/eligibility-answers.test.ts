import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as albumsRoute from "@/app/api/albums/route";
import * as fastTrackRoute from "@/app/api/requests/[id]/fast-track/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as bulkRoute from "@/app/api/requests/status/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { emptyValues, toInput } from "@/components/request-wizard/wizard-values";
import { imports, requests } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { runFormAction } from "@/lib/forms/run-form-action";
import { drainImports } from "@/lib/imports/drain-imports";
import { columnOfPath } from "@/lib/imports/csv-columns";
import { parseImportCsv } from "@/lib/imports/parse-import-csv";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { ELIGIBILITY_QUESTION_KEYS, ELIGIBILITY_QUESTIONS } from "@/lib/requests/eligibility-answers";
import { findRequestView } from "@/lib/requests/request-view";
import { getRequestWorkspace } from "@/lib/staff/request-workspace";
import { moveRequest } from "@/lib/workflow/move-request";
import { statusChangeSchema } from "@/lib/workflow/status-schemas";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { importRow, postCheckedImport, readImport } from "../helpers/imports";
import { addSong, linkSong, payAndBegin, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

// Issue 43: the client's eligibility answers are stored on the request, shown to the staff (and to the client who
// gave them), and an answer that rules the compulsory license out keeps the request from `ready` until an employee
// overrides it with a note (docs/licensing-law.md, "Eligibility answers").
const db = setupTestDb();
let keys: { client: string; staff: string };
let accountId: number;
let song: Awaited<ReturnType<typeof addSong>>;
const employee: Actor = { kind: "employee", name: "Erin Employee", userId: null, apiKeyId: null };

beforeAll(async () => {
  const client = await clientKey(db(), "Answering Records");
  keys = { client: client.key, staff: await staffKey(db()) };
  accountId = client.accountId;
  song = await addSong(keys.staff);
});

const withAnswers = (eligibility: unknown) => ({ ...requestBody(), eligibility });
const read = (id: number, key = keys.staff) =>
  call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } });
/** Files with the answers and links the song, so that only the answers stand between the request and `ready`. */
async function linkedWith(eligibility: unknown) {
  const { id } = await fileRequest(keys.client, withAnswers(eligibility));
  expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
  return id;
}
const stored = async (id: number) => (await db().select().from(requests).where(eq(requests.id, id)))[0]!;

describe("what each answer does to the filing and to `ready` (one row per question)", () => {
  const BLOCKS = "blocks ready";
  const PASSES = "passes";
  it.each([
    ["changedLyrics", BLOCKS],
    ["changedMelody", BLOCKS],
    ["usesSample", BLOCKS],
    ["videoOrSync", BLOCKS],
    ["neverReleasedInUs", BLOCKS],
    ["distributedOutsideUs", PASSES],
    ["beyondPrivateUse", BLOCKS],
    ["medleyOrMashup", PASSES],
    ["publicDomain", BLOCKS],
  ] as const)("a yes to %s is filed and %s", async (question, outcome) => {
    const id = await linkedWith({ [question]: true });
    const res = await setStatus(keys.staff, id, { code: "ready" });
    if (outcome === PASSES) {
      expect(res.status).toBe(200);
      expect(res.body.status.code).toBe("ready");
      expect(res.body.eligibility.blocking).toEqual([]);
      return;
    }
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("eligibility_blocks");
    expect(res.body.detail).toContain(ELIGIBILITY_QUESTIONS[question].question);
    expect(res.body.errors).toEqual([
      { path: `eligibility.${question}`, message: ELIGIBILITY_QUESTIONS[question].explanation },
    ]);
    expect(res.body.answers).toEqual([question]);
    expect((await read(id)).body.status.code).toBe("new");
  });

  it("a no to every question passes, and so does a filing without answers", async () => {
    const noes = Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, false]));
    for (const answers of [noes, undefined]) {
      const id = await linkedWith(answers);
      expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
    }
  });

  it("a release already out is not filed: 400 release_date_in_past at eligibility.alreadyReleased, nothing made", async () => {
    const before = (await db().select({ id: requests.id }).from(requests)).length;
    const res = await call(requestsRoute.POST, "POST", "/api/requests", {
      key: keys.client,
      body: withAnswers({ alreadyReleased: true, changedLyrics: false }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("release_date_in_past");
    expect(res.body.detail).toMatch(/already out, so it is not filed/);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: "eligibility.alreadyReleased" })]);
    expect((await db().select({ id: requests.id }).from(requests)).length).toBe(before);
    // "No" is an answer like any other.
    expect((await fileRequest(keys.client, withAnswers({ alreadyReleased: false }))).status.code).toBe("new");
  });

  it.each([
    [{ changedLyrics: "yes" }, "eligibility.changedLyrics"],
    [{ remixed: true }, "eligibility.remixed"],
    [[true], "eligibility"],
  ])("refuses answers %j with validation_failed at %s", async (eligibility, path) => {
    const res = await call(requestsRoute.POST, "POST", "/api/requests", {
      key: keys.client,
      body: withAnswers(eligibility),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([expect.objectContaining({ path })]);
  });
});

describe("the answers are stored with the time they were given", () => {
  it("POST /api/requests: the answers as given (one left out is not answered), shown to staff and the client, never to licensees", async () => {
    const before = Date.now();
    const filed = await fileRequest(keys.client, withAnswers({ changedLyrics: true, usesSample: false }));
    const answeredAt = Date.parse((await stored(filed.id)).eligibility!.answeredAt as string);
    expect(answeredAt).toBeGreaterThanOrEqual(before - 1000);
    expect(answeredAt).toBeLessThanOrEqual(Date.now());
    const staffView = (await read(filed.id)).body.eligibility;
    expect(staffView).toEqual({
      answers: { changedLyrics: true, usesSample: false },
      answeredAt: new Date(answeredAt).toISOString(),
      blocking: ["changedLyrics"],
      override: null,
    });
    const clientView = (await read(filed.id, keys.client)).body.eligibility;
    expect(clientView).toEqual({
      answers: staffView.answers,
      answeredAt: staffView.answeredAt,
      blocking: ["changedLyrics"],
    });
    const licenseeView = await findRequestView(db(), { accountId, licenseeId: filed.licenseeId }, filed.id);
    expect(licenseeView).not.toHaveProperty("eligibility");
    // The answer of the filing itself says so too.
    const again = await fileRequest(keys.client, withAnswers({ publicDomain: true }));
    expect((again as unknown as { eligibility: { blocking: string[] } }).eligibility.blocking).toEqual([
      "publicDomain",
    ]);
    expect((await read((await fileRequest(keys.client)).id)).body.eligibility).toBeNull();
  });

  it("POST /api/albums: on every request it files, a medley's whole and parts included", async () => {
    const title = (t: string) => ({ title: t, originalRecordingArtist: "Someone" });
    const res = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: {
          title: "Answered",
          artist: "The Band",
          licensee: { companyName: "Band LLC", email: "b@band.example.com" },
        },
        release: { formatId: 1002, releaseQuantity: 100 },
        tracks: [
          { lengthInSeconds: 180, song: title("One") },
          {
            medley: {
              lengthInSeconds: 300,
              song: title("Two / Three"),
              parts: [{ song: title("Two") }, { song: title("Three") }],
            },
          },
        ],
        eligibility: { distributedOutsideUs: true, videoOrSync: true },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.requests).toHaveLength(4);
    for (const r of res.body.requests as { id: number }[]) {
      expect((await read(r.id)).body.eligibility).toMatchObject({
        answers: { distributedOutsideUs: true, videoOrSync: true },
        blocking: ["videoOrSync"],
      });
    }
    const refused = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: {
          title: "Out already",
          artist: "The Band",
          licensee: { companyName: "Band LLC", email: "b@band.example.com" },
        },
        release: { formatId: 1002, releaseQuantity: 100 },
        tracks: [{ lengthInSeconds: 180, song: title("One") }],
        eligibility: { alreadyReleased: true },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "release_date_in_past",
      errors: [{ path: "eligibility.alreadyReleased" }],
    });
  });

  it("the wizard's filing sends every answer it asked: ticked is yes, the others no", async () => {
    const actor = await actorFromAuthorization(db(), `Bearer ${keys.client}`);
    const values = emptyValues();
    values.album = {
      ...values.album,
      title: "Wizard answers",
      artist: "The Wizards",
      licensee: { ...values.album.licensee, companyName: "Wizards LLC", email: "w@wizards.example.com" },
    };
    values.release = { ...values.release, formatId: "1002", releaseQuantity: "500" };
    values.tracks[0]!.song.title = "Yesterday";
    values.tracks[0]!.song.originalRecordingArtist = "The Beatles";
    values.tracks[0]!.lengthInSeconds = "125";
    values.eligibility.beyondPrivateUse = true;
    const digital = () => false; // format 1002, a download: no manufacture date
    const filed = await runFormAction(
      actor,
      { schema: createAlbumRequestsSchema, values: toInput(values, digital) },
      ({ db, actor, input }) => createAlbumRequests(db, actor, input),
    );
    expect(filed.ok).toBe(true);
    const id = filed.ok ? filed.data[0]!.id : 0;
    const answers = (await read(id)).body.eligibility.answers;
    expect(answers).toEqual({
      ...Object.fromEntries(ELIGIBILITY_QUESTION_KEYS.map((k) => [k, false])),
      beyondPrivateUse: true,
    });

    values.eligibility.alreadyReleased = true;
    const refused = await runFormAction(
      actor,
      { schema: createAlbumRequestsSchema, values: toInput(values, digital) },
      ({ db, actor, input }) => createAlbumRequests(db, actor, input),
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.fieldErrors["eligibility.alreadyReleased"]).toMatch(/not filed/);
  });

  it("an import: each row's answers from its columns, at the time of the upload; a row already released is invalid", async () => {
    const rows = [
      { ...importRow("Imported one"), eligibility: { changedMelody: true, medleyOrMashup: false } },
      importRow("Imported two"),
      { ...importRow("Imported three"), eligibility: { alreadyReleased: true } },
    ];
    const checked = await postCheckedImport(db(), keys.client, rows);
    expect(checked.body.rows[2]).toMatchObject({
      status: "invalid",
      error: {
        code: "release_date_in_past",
        errors: [{ path: "eligibility.alreadyReleased" }],
      },
    });
    await drainImports(db());
    const [upload] = await db().select().from(imports).where(eq(imports.id, checked.body.id));
    const after = (await readImport(keys.client, checked.body.id)).body.rows as { requestId: number | null }[];
    expect((await stored(after[0]!.requestId!)).eligibility).toEqual({
      answers: { changedMelody: true, medleyOrMashup: false },
      answeredAt: upload!.dateAdded.toISOString(),
    });
    expect((await stored(after[1]!.requestId!)).eligibility).toBeNull();
    expect(after[2]!.requestId).toBeNull();
  });

  it("a CSV's eligibility columns land on the answers: yes, no, or empty for not answered", () => {
    const header =
      "albumTitle,albumArtist,licenseeCompanyName,licenseeEmail,releaseFormat,releaseQuantity,songTitle,songOriginalArtist,eligibilityChangedLyrics,eligibilityPublicDomain,eligibilityDistributedOutsideUs";
    const parsed = parseImportCsv(`${header}\nA,B,C LLC,c@c.example.com,1002,10,Song,Artist,yes,,no\n`);
    expect(parsed.map((r) => r.eligibility)).toEqual([{ changedLyrics: true, distributedOutsideUs: false }]);
    // A refused answer is shown on its own cell.
    expect(columnOfPath("eligibility.alreadyReleased")).toBe("eligibilityAlreadyReleased");
  });
});

describe("an employee's override", () => {
  it("moves a blocked request to ready with a note, stored with who and when and shown with the answers; once is enough", async () => {
    const id = await linkedWith({ changedMelody: true, distributedOutsideUs: true });
    const missing = await setStatus(keys.staff, id, { code: "ready", override: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ path: "override.note" })]);
    const notReady = await setStatus(keys.staff, id, { code: "need_info", note: "Which?", override: { note: "x" } });
    expect(notReady.status).toBe(400);
    expect(notReady.body.errors).toEqual([
      expect.objectContaining({ path: "override", message: "an override is given only with ready" }),
    ]);

    const res = await setStatus(keys.staff, id, {
      code: "ready",
      override: { note: "Only a change of tempo: the melody is kept." },
    });
    expect(res.status).toBe(200);
    expect(res.body.status.code).toBe("ready");
    expect(res.body.eligibility.override).toMatchObject({ note: "Only a change of tempo: the melody is kept." });
    expect(Date.parse(res.body.eligibility.override.at)).not.toBeNaN();
    expect((await stored(id)).eligibilityOverride).toMatchObject({
      note: "Only a change of tempo: the melody is kept.",
    });
    expect((await read(id, keys.client)).body.eligibility).not.toHaveProperty("override");

    // Back before ready and to ready again: the decision stands.
    expect((await setStatus(keys.staff, id, { code: "need_info", note: "Send the master" })).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "new" })).status).toBe(200);
    expect((await setStatus(keys.staff, id, { code: "ready" })).status).toBe(200);
  });

  it("the staff page's form: refused without the note, then moved with it, the employee's name on the override", async () => {
    const id = await linkedWith({ usesSample: true });
    const workspace = await getRequestWorkspace(db(), employee, id);
    expect(workspace.eligibilityNeedsOverride).toBe(true);
    expect(workspace.request.eligibility).toMatchObject({ blocking: ["usesSample"], override: null });
    const move = (values: unknown) =>
      runFormAction(employee, { schema: statusChangeSchema, values }, ({ db, actor, input }) =>
        moveRequest(db, actor, id, input),
      );
    const refused = await move({ code: "ready", note: "", noteVisibility: "public" });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/override with a note/);
    const moved = await move({
      code: "ready",
      note: "",
      noteVisibility: "public",
      override: { note: "The sample is cleared." },
    });
    expect(moved.ok).toBe(true);
    const after = await getRequestWorkspace(db(), employee, id);
    expect(after.eligibilityNeedsOverride).toBe(false);
    expect(after.request.eligibility?.override).toMatchObject({
      note: "The sample is cleared.",
      byName: "Erin Employee",
    });
  });

  it("bulk moves: a blocked request is reported eligibility_blocks, the others move; with an override all do", async () => {
    const blocked = await linkedWith({ neverReleasedInUs: true });
    const plain = await linkedWith({ distributedOutsideUs: true });
    const bulk = (body: unknown) => call(bulkRoute.POST, "POST", "/api/requests/status", { key: keys.staff, body });
    const first = await bulk({ requestIds: [blocked, plain], code: "ready" });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      expect.objectContaining({ id: blocked, ok: false, code: "eligibility_blocks" }),
      { id: plain, ok: true },
    ]);
    const second = await bulk({
      requestIds: [blocked],
      code: "ready",
      override: { note: "Released in the US in 1998." },
    });
    expect(second.body.results).toEqual([{ id: blocked, ok: true }]);
    expect((await stored(plain)).eligibilityOverride).toBeNull();
  });

  it("a medley whole follows its parts: ready once every part is, each part having passed (or overridden) its answers", async () => {
    const title = (t: string) => ({ title: t, originalRecordingArtist: "Someone" });
    const res = await call(albumsRoute.POST, "POST", "/api/albums", {
      key: keys.client,
      body: {
        album: {
          title: "Mashed",
          artist: "The Band",
          licensee: { companyName: "Band LLC", email: "b@band.example.com" },
        },
        release: { formatId: 1002, releaseQuantity: 100 },
        tracks: [{ medley: { song: title("A / B"), parts: [{ song: title("A") }, { song: title("B") }] } }],
        eligibility: { medleyOrMashup: true, changedLyrics: true },
      },
    });
    const [whole, a, b] = res.body.requests as { id: number }[];
    for (const part of [a!, b!]) {
      const partSong = await addSong(keys.staff, songBody({ title: `Part ${part.id}` }));
      expect((await linkSong(keys.staff, part.id, partSong.id)).status).toBe(200);
    }
    expect((await setStatus(keys.staff, a!.id, { code: "ready" })).body.code).toBe("eligibility_blocks");
    const override = { note: "The lyrics are the originals; only the medley's order is new." };
    expect((await setStatus(keys.staff, a!.id, { code: "ready", override })).status).toBe(200);
    expect((await setStatus(keys.staff, b!.id, { code: "ready", override })).status).toBe(200);
    expect((await read(whole!.id)).body.status.code).toBe("ready");
  });
});

describe("reorders carry their track's answers", () => {
  const reorder = async (trackId: number) => {
    const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${trackId}/requests`, {
      key: keys.client,
      params: { id: String(trackId) },
      body: { formatId: 1001, releaseQuantity: 200, expectedOutletsOfDistribution: null },
    });
    expect(res.status).toBe(201);
    return (res.body as { id: number }[])[0]!.id;
  };

  it("with the override: a reorder of a licensed track is taken to payment in one action", async () => {
    const id = await linkedWith({ videoOrSync: true });
    await setStatus(keys.staff, id, { code: "ready", override: { note: "Audio only after all: no video." } });
    await payAndBegin(keys, id);
    for (const owner of song.owners) expect((await serve(keys.staff, id, owner.id)).status).toBe(200);
    expect((await read(id)).body.status.code).toBe("licensed");
    const again = await reorder((await stored(id)).trackId);
    const carried = (await read(again)).body.eligibility;
    expect(carried).toMatchObject({
      answers: { videoOrSync: true },
      override: { note: "Audio only after all: no video." },
    });
    const res = await call(fastTrackRoute.POST, "POST", `/api/requests/${again}/fast-track`, {
      key: keys.staff,
      params: { id: String(again) },
    });
    expect(res.status).toBe(200);
    expect(res.body.status.code).toBe("need_payment");
  });

  it("without one, the reorder is blocked as its track is", async () => {
    const { id, trackId } = await fileRequest(keys.client, withAnswers({ changedLyrics: true }));
    await linkSong(keys.staff, id, song.id);
    const again = await reorder(trackId);
    expect((await read(again)).body.eligibility).toMatchObject({ answers: { changedLyrics: true }, override: null });
    expect((await setStatus(keys.staff, again, { code: "ready" })).body.code).toBe("eligibility_blocks");
  });
});

describe("reasons for refusing a whole request", () => {
  it('not_us_copyright reads "Never distributed in the US"', async () => {
    const { id } = await fileRequest(keys.client);
    const res = await setStatus(keys.staff, id, { code: "cannot_license", reason: "not_us_copyright" });
    expect(res.status).toBe(200);
    expect(res.body.status.description).toMatch(/Reason: Never distributed in the US\.$/);
  });

  it("domestic_only is no longer given: 400 telling to ask for the territory, one at a time and in bulk", async () => {
    const { id } = await fileRequest(keys.client);
    const one = await setStatus(keys.staff, id, { code: "cannot_license", reason: "domestic_only" });
    expect(one.status).toBe(400);
    expect(one.body.code).toBe("validation_failed");
    expect(one.body.errors).toEqual([
      {
        path: "reason",
        message: expect.stringMatching(/covers US distribution only, so ask the client for the territory/),
      },
    ]);
    const bulk = await call(bulkRoute.POST, "POST", "/api/requests/status", {
      key: keys.staff,
      body: { requestIds: [id], code: "cannot_license", reason: "domestic_only" },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.errors).toEqual([expect.objectContaining({ path: "reason" })]);
    expect((await read(id)).body.status.code).toBe("new");
  });

  it("a request refused as domestic_only before keeps its reason and label", async () => {
    const { id } = await fileRequest(keys.client);
    await db()
      .update(requests)
      .set({ statusCode: "cannot_license", statusReason: "domestic_only" })
      .where(eq(requests.id, id));
    expect((await read(id)).body.status).toMatchObject({
      reason: "domestic_only",
      description: expect.stringContaining("Reason: Licensable for domestic distribution only."),
    });
  });
});
