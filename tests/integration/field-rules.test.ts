import { beforeAll, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { albumChanges } from "@/lib/albums/fields";
import { patchAlbum } from "@/lib/albums/patch-album";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { DomainError } from "@/lib/errors";
import { runFormAction } from "@/lib/forms/run-form-action";
import { licenseeChanges } from "@/lib/licensees/fields";
import { patchLicensee } from "@/lib/licensees/patch-licensee";
import { releaseChanges } from "@/lib/releases/fields";
import { patchRelease } from "@/lib/requests/patch-release";
import { createAlbumRequestsSchema } from "@/lib/requests/album-requests-schema";
import { createAlbumRequests } from "@/lib/requests/create-album-requests";
import { trackChanges } from "@/lib/tracks/fields";
import { patchTrack } from "@/lib/requests/patch-track";
import { parseInput } from "@/lib/validation";
import { call, clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import * as patch from "../helpers/patch";
import { setupTestDb } from "../helpers/test-db";

// One rule, one place: each bad value gets the same message whether it comes in a new request (POST /api/requests,
// the wizard's album requests, a reorder's release), a JSON Patch, or a portal form's changes.

const db = setupTestDb();
let key: string;
let actor: Actor;
let filed: Awaited<ReturnType<typeof fileRequest>>;

beforeAll(async () => {
  key = (await clientKey(db(), "Field Rules Records")).key;
  actor = await actorFromAuthorization(db(), `Bearer ${key}`);
  filed = await fileRequest(key);
});

type Entity = "licensee" | "album" | "track" | "release";
/** changes: by JSON Patch path; field: where the error is expected (a JSON Patch path too). */
type Row = [entity: Entity, changes: Record<string, unknown>, field: string, message: string];

const long = (n: number) => "x".repeat(n);
const FORMATS = "1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011";

const ROWS: Row[] = [
  ["licensee", { email: "not-an-email" }, "email", "must be an email address"],
  ["licensee", { email: `${long(315)}@a.com` }, "email", "must be at most 320 characters"],
  ["licensee", { companyName: long(301) }, "companyName", "must be at most 300 characters"],
  ["licensee", { phone1: long(101) }, "phone1", "must be at most 100 characters"],
  ["licensee", { city: 42 }, "city", "must be a string or null"],
  ["licensee", { lastName: null, companyName: null }, "lastName", "a licensee needs lastName or companyName"],
  ["licensee", { email: null }, "email", "a licensee needs an email"],
  ["album", { title: "  " }, "title", "must not be empty"],
  ["album", { artist: long(501) }, "artist", "must be at most 500 characters"],
  ["album", { title: 42 }, "title", "must be a string"],
  ["track", { lengthInSeconds: -1 }, "lengthInSeconds", "must not be negative"],
  ["track", { lengthInSeconds: 1.5 }, "lengthInSeconds", "must be an integer number of seconds"],
  ["track", { lengthInSeconds: "200" }, "lengthInSeconds", "must be an integer number of seconds"],
  ["track", { lengthInSeconds: 86401 }, "lengthInSeconds", "must be at most 86400"],
  ["track", { externalTrackId: long(201) }, "externalTrackId", "must be at most 200 characters"],
  ["track", { externalTrackId: 7 }, "externalTrackId", "must be a string or null"],
  ["track", { "song/title": "" }, "song/title", "must not be empty"],
  ["track", { "song/title": null }, "song/title", "must be a string"],
  ["track", { "song/notes": long(5001) }, "song/notes", "must be at most 5000 characters"],
  ["track", { "song/composer": long(501) }, "song/composer", "must be at most 500 characters"],
  ["track", { "song/artist": 3 }, "song/artist", "must be a string or null"],
  [
    "track",
    { "song/originalRecordingArtist": null, "song/composer": null },
    "song/originalRecordingArtist",
    "send originalRecordingArtist or composer",
  ],
  ["release", { formatId: 9999 }, "formatId", `unknown format; known formats: ${FORMATS}`],
  ["release", { formatId: "x" }, "formatId", "must be an integer (a format id)"],
  ["release", { formatId: 1.5 }, "formatId", "must be an integer (a format id)"],
  ["release", { releaseQuantity: 0 }, "releaseQuantity", "must be at least 1"],
  ["release", { releaseQuantity: 2.5 }, "releaseQuantity", "must be an integer of at least 1"],
  ["release", { releaseQuantity: 2e9 }, "releaseQuantity", "must be at most 1000000000"],
  ["release", { releaseMonth: 13, releaseYear: 2030 }, "releaseMonth", "must be an integer from 1 to 12"],
  ["release", { releaseMonth: 5, releaseYear: 1800 }, "releaseYear", "must be a year from 1900 to 2200"],
  [
    "release",
    { expectedOutletsOfDistribution: long(2001) },
    "expectedOutletsOfDistribution",
    "must be at most 2000 characters",
  ],
  [
    "release",
    { formatId: 1003, expectedOutletsOfDistribution: null },
    "expectedOutletsOfDistribution",
    "Interactive Audio Streams needs a summary of the distribution outlets or the name of a distribution package",
  ],
];

/** The fields of a track input (create body or wizard track) with the changes applied: song/X goes into song. */
function trackWith(track: Record<string, any>, changes: Record<string, unknown>) {
  const next: Record<string, any> = { ...track, song: { ...track.song } };
  for (const [path, value] of Object.entries(changes)) {
    if (path.startsWith("song/")) next.song[path.slice(5)] = value;
    else next[path] = value;
  }
  return next;
}

/** A new album, licensee, release and track as both kinds of new request take them, with the changes applied. */
function newParts(entity: Entity, changes: Record<string, unknown>) {
  const { album, releases, ...track } = requestBody().track;
  const on = (which: Entity, value: Record<string, any>) => (which === entity ? { ...value, ...changes } : value);
  return {
    album: { ...on("album", { title: album.title, artist: album.artist }), licensee: on("licensee", album.licensee) },
    release: on("release", releases[0]!),
    track: entity === "track" ? trackWith(track, changes) : track,
  };
}

/** The message at `path` (a dotted input path) of a refused new request. */
function messageAt(errors: { path: string; message: string }[] | undefined, path: string) {
  return errors?.find((e) => e.path === path)?.message;
}

/** Where a field sits in an input, below `prefix`: song/title → song.title. */
const inputPath = (prefix: string, field: string) => `${prefix}${field.replace("/", ".")}`;
const PREFIX: Record<Entity, [api: string, wizard: string]> = {
  licensee: ["track.album.licensee.", "album.licensee."],
  album: ["track.album.", "album."],
  track: ["track.", "tracks.0."],
  release: ["track.releases.0.", "release."],
};

async function viaCreateRequest(entity: Entity, changes: Record<string, unknown>, field: string) {
  const { album, release, track } = newParts(entity, changes);
  const body = { track: { ...track, album, releases: [release] } };
  const res = await call(requestsRoute.POST, "POST", "/api/requests", { key, body });
  expect(res.body.code).toBe("validation_failed");
  return messageAt(res.body.errors, inputPath(PREFIX[entity][0], field));
}

async function viaWizard(entity: Entity, changes: Record<string, unknown>, field: string) {
  const { album, release, track } = newParts(entity, changes);
  const err = await Promise.resolve()
    .then(() =>
      createAlbumRequests(db(), actor, parseInput(createAlbumRequestsSchema, { album, release, tracks: [track] })),
    )
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  return messageAt((err as DomainError).errors, inputPath(PREFIX[entity][1], field));
}

async function viaReorder(changes: Record<string, unknown>, field: string) {
  const body = { formatId: 1002, releaseQuantity: 10, expectedOutletsOfDistribution: null, ...changes };
  const res = await call(trackRequestsRoute.POST, "POST", `/api/tracks/${filed.trackId}/requests`, {
    key,
    body,
    params: { id: String(filed.trackId) },
  });
  expect(res.status).toBe(400);
  return messageAt(res.body.errors, field);
}

/** PATCH answers invalid_patch: a bad value at i.value as "field: message", a broken record rule at the field. */
async function viaPatch(entity: Entity, changes: Record<string, unknown>, field: string) {
  const res = await {
    licensee: () => patch.patchLicensee(key, filed.licenseeId, changes),
    album: () => patch.patchAlbum(key, filed.albumId, changes),
    track: () => patch.patchTrack(key, filed.trackId, changes),
    release: () => patch.patchRelease(key, filed.trackId, filed.releaseId, changes),
  }[entity]();
  expect(res.body.code).toBe("invalid_patch");
  const error = (res.body.errors as { path: string; message: string }[]).find(
    (e) => e.path === field.replace("/", ".") || e.message.startsWith(`${field}: `),
  );
  return error?.message.replace(`${field}: `, "");
}

/** A portal form's changes: the same schema and use case, the error on the form's own field name. */
async function viaForm(entity: Entity, changes: Record<string, unknown>, field: string) {
  const values = changes;
  const result = await {
    licensee: () =>
      runFormAction(actor, { schema: licenseeChanges, values }, ({ input }) =>
        patchLicensee(db(), actor, filed.licenseeId, input),
      ),
    album: () =>
      runFormAction(actor, { schema: albumChanges, values }, ({ input }) =>
        patchAlbum(db(), actor, filed.albumId, input),
      ),
    track: () =>
      runFormAction(actor, { schema: trackChanges, values }, ({ input }) =>
        patchTrack(db(), actor, filed.trackId, input),
      ),
    release: () =>
      runFormAction(actor, { schema: releaseChanges, values }, ({ input }) =>
        patchRelease(db(), actor, filed.trackId, filed.releaseId, input),
      ),
  }[entity]();
  expect(result.ok).toBe(false);
  return result.ok ? undefined : result.fieldErrors[field];
}

describe("each field rule gives the same message on create and on change", () => {
  it.each(ROWS)("%s %o → %s: %s", async (entity, changes, field, message) => {
    const messages = {
      "POST /api/requests": await viaCreateRequest(entity, changes, field),
      "the wizard's album requests": await viaWizard(entity, changes, field),
      ...(entity === "release" ? { "POST /api/tracks/{id}/requests": await viaReorder(changes, field) } : {}),
      PATCH: await viaPatch(entity, changes, field),
      "the portal's edit form": await viaForm(entity, changes, field),
    };
    expect(messages).toEqual(Object.fromEntries(Object.keys(messages).map((where) => [where, message])));
  });
});
