import { eq } from "drizzle-orm";
import * as salesRoute from "@/app/api/releases/[id]/sales/route";
import type { Db } from "@/db/client";
import { requests } from "@/db/schema";
import { call } from "./api";
import { fileRequest, requestBody } from "./fixtures";

/** POST /api/releases/{id}/sales with a CSV body. */
export const uploadSales = (key: string, releaseId: number, csv: string, contentType = "text/csv") =>
  call(salesRoute.POST, "POST", `/api/releases/${releaseId}/sales`, {
    key,
    rawBody: csv,
    headers: { "Content-Type": contentType },
    params: { id: String(releaseId) },
  });

/** A sales report: the header, then one line per row. */
export const salesCsv = (header: string, ...rows: string[]) => [header, ...rows, ""].join("\n");

/** Marks requests licensed (the end of the licensing workflow, which other tests cover) so their units count as licensed. */
export async function markLicensed(db: Db, ...requestIds: number[]) {
  for (const id of requestIds)
    await db.update(requests).set({ statusCode: "licensed", licensedAt: new Date() }).where(eq(requests.id, id));
}

/** An album of two tracks on one release, each filed by `key` and licensed for 1000 digital downloads. */
export async function licensedTwoTracks(db: Db, key: string) {
  const first = await fileRequest(key);
  const second = await fileRequest(
    key,
    requestBody({
      track: {
        album: { id: first.albumId },
        releases: [{ id: first.releaseId }],
        song: { title: "Something", composer: "George Harrison" },
      },
    }),
  );
  await markLicensed(db, first.id, second.id);
  return { first, second };
}
