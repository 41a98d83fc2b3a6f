import * as albumRoute from "@/app/api/albums/[id]/route";
import * as licenseeRoute from "@/app/api/licensees/[id]/route";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import * as releaseRoute from "@/app/api/tracks/[id]/releases/[releaseId]/route";
import { call } from "./api";

const replace = (ops: Record<string, unknown>) =>
  Object.entries(ops).map(([path, value]) => ({ op: "replace", path, value }));

export const patchAlbum = (key: string, id: number, ops: Record<string, unknown>) =>
  call(albumRoute.PATCH, "PATCH", `/api/albums/${id}`, { key, body: replace(ops), params: { id: String(id) } });
export const patchTrack = (key: string, id: number, ops: Record<string, unknown>) =>
  call(trackRoute.PATCH, "PATCH", `/api/tracks/${id}`, { key, body: replace(ops), params: { id: String(id) } });
export const patchRelease = (key: string, trackId: number, releaseId: number, ops: Record<string, unknown>) =>
  call(releaseRoute.PATCH, "PATCH", `/api/tracks/${trackId}/releases/${releaseId}`, {
    key,
    body: replace(ops),
    params: { id: String(trackId), releaseId: String(releaseId) },
  });
export const patchLicensee = (key: string, id: string, ops: Record<string, unknown>) =>
  call(licenseeRoute.PATCH, "PATCH", `/api/licensees/${id}`, { key, body: replace(ops), params: { id } });
