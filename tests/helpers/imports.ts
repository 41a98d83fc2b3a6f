import * as importsRoute from "@/app/api/imports/route";
import * as importRoute from "@/app/api/imports/[id]/route";
import type { Db } from "@/db/client";
import { checkImports } from "@/lib/imports/check-imports";
import { call } from "./api";
import { requestBody } from "./fixtures";

/** An import row: a valid POST /api/requests body (requestBody) with a song title and an optional albumKey. */
export function importRow(song: string, albumKey?: string, track: Record<string, unknown> = {}) {
  const body = requestBody({ track: { song: { title: song, originalRecordingArtist: "Someone" }, ...track } });
  return albumKey === undefined ? body : { albumKey, ...body };
}

export const postImport = (key: string, rows: unknown[]) =>
  call(importsRoute.POST, "POST", "/api/imports", { key, body: { rows } });

export const readImport = (key: string, id: number, query?: string) =>
  call(importRoute.GET, "GET", `/api/imports/${id}`, { key, params: { id: String(id) }, query });

/** POST /api/imports, then the check job's run over it (and any import left checking): the import as read then. */
export async function postCheckedImport(db: Db, key: string, rows: unknown[]) {
  const posted = await postImport(key, rows);
  if (posted.status !== 202) return posted;
  await checkImports(db);
  return readImport(key, posted.body.id as number);
}

/** An import of the account for the id-route suites: one invalid row, so it files nothing. */
export async function importFixture(key: string): Promise<number> {
  const res = await postImport(key, [{}]);
  if (res.status !== 202) throw new Error(`importFixture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}
