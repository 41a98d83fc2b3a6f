import { eq, getTableColumns } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

export async function findTrack(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select({ ...getTableColumns(tracks), licenseeId: albums.licenseeId })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(scoped(scope, { accountId: tracks.accountId, licenseeId: albums.licenseeId }, eq(tracks.id, id)));
  if (!row) throw notFound(`Track ${id}`);
  return row;
}
