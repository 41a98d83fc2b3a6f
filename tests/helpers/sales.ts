import { eq } from "drizzle-orm";
import * as salesRoute from "@/app/api/releases/[id]/sales/route";
import type { Db } from "@/db/client";
import { requests } from "@/db/schema";
import { call } from "./api";

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
  for (const id of requestIds) await db.update(requests).set({ statusCode: "licensed", licensedAt: new Date() }).where(eq(requests.id, id));
}
