import { albumFields } from "@/lib/albums/fields";
import { licenseeFields } from "@/lib/licensees/fields";
import { releaseFields } from "@/lib/releases/fields";
import { createAlbumBodySchema } from "@/lib/requests/album-requests-schema";
import { reorderSchema } from "@/lib/requests/schemas";
import { trackFields } from "@/lib/tracks/fields";
import { z } from "zod";
import { ids, jsonPatch, type Operation } from "../operation";
import { albumFiled, albumView, licenseeView, releaseView, requestView, trackView } from "../views";

const tag = "Albums and tracks";
const album = ids({ id: "album" });
const track = ids({ id: "track" });
const LOCKS = ["invalid_patch", "song_locked", "licensing_begun", "invoiced"] as const;

export const albumOperations: Operation[] = [
  {
    method: "post",
    path: "/api/albums",
    tag,
    summary: "File a whole album",
    description:
      'An album (new or `{ id }`), one new release and its tracks (medleys as `{ "medley": { …, "parts": [ … ] } }`): one request per track.',
    roles: ["client"],
    body: createAlbumBodySchema.meta({ id: "NewAlbum" }),
    success: [{ status: 201, description: "The album's new requests", schema: albumFiled }],
    errors: ["not_found", "release_date_in_past", "release_month_closed", "covered_by_blanket_license"],
  },
  {
    method: "get",
    path: "/api/albums/{id}",
    tag,
    summary: "Read an album",
    params: album,
    success: [{ status: 200, description: "The album with its tracks and releases", schema: albumView }],
  },
  {
    method: "patch",
    path: "/api/albums/{id}",
    tag,
    summary: "Change an album",
    params: album,
    body: jsonPatch(albumFields, [{ op: "replace", path: "title", value: "Covers, Volume One" }]).meta({
      id: "AlbumPatch",
    }),
    success: [{ status: 200, description: "The album", schema: albumView }],
    errors: [...LOCKS],
  },
  {
    method: "get",
    path: "/api/albums/{id}/requests",
    tag,
    summary: "The album's requests",
    params: album,
    success: [{ status: 200, description: "Every request of the album", schema: requestView, list: true }],
  },
  {
    method: "get",
    path: "/api/tracks/{id}",
    tag,
    summary: "Read a track",
    params: track,
    success: [{ status: 200, description: "The track with its releases", schema: trackView }],
  },
  {
    method: "patch",
    path: "/api/tracks/{id}",
    tag,
    summary: "Change a track",
    params: track,
    body: jsonPatch(trackFields, [{ op: "replace", path: "song/notes", value: "acoustic arrangement" }]).meta({
      id: "TrackPatch",
    }),
    success: [{ status: 200, description: "The track", schema: trackView }],
    errors: [...LOCKS],
  },
  {
    method: "get",
    path: "/api/tracks/{id}/requests",
    tag,
    summary: "The track's requests",
    params: track,
    success: [{ status: 200, description: "Every request of the track", schema: requestView, list: true }],
  },
  {
    method: "post",
    path: "/api/tracks/{id}/requests",
    tag,
    summary: "Reorder",
    description:
      "A new release of the album: one new request per track of the album. Each new request carries the eligibility " +
      "answers (and any override of them) of its track's initial request: it makes more copies of the same recording.",
    roles: ["client"],
    params: track,
    body: reorderSchema.meta({ id: "Reorder", example: { releaseQuantity: 500, formatId: 1001 } }),
    success: [{ status: 201, description: "The new requests", schema: z.array(requestView) }],
    errors: ["release_date_in_past", "release_month_closed", "covered_by_blanket_license"],
  },
  {
    method: "patch",
    path: "/api/tracks/{id}/releases/{releaseId}",
    tag,
    summary: "Change a release",
    params: ids({ id: "track", releaseId: "release" }),
    body: jsonPatch(releaseFields, [
      { op: "replace", path: "releaseMonth", value: 1 },
      { op: "replace", path: "releaseYear", value: 2027 },
    ]).meta({ id: "ReleasePatch" }),
    success: [{ status: 200, description: "The release", schema: releaseView }],
    errors: [...LOCKS, "release_date_in_past", "release_month_closed", "covered_by_blanket_license"],
  },
  {
    method: "get",
    path: "/api/licensees/{id}",
    tag,
    summary: "Read a licensee",
    params: z.object({ id: z.uuid().meta({ description: "The licensee's id" }) }),
    success: [{ status: 200, description: "The licensee", schema: licenseeView }],
  },
  {
    method: "patch",
    path: "/api/licensees/{id}",
    tag,
    summary: "Change a licensee",
    params: z.object({ id: z.uuid().meta({ description: "The licensee's id" }) }),
    body: jsonPatch(licenseeFields, [{ op: "replace", path: "phone1", value: "+1 555 0100" }]).meta({
      id: "LicenseePatch",
    }),
    success: [{ status: 200, description: "The licensee", schema: licenseeView }],
    errors: [...LOCKS],
  },
];
