import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { albums, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scopePlaceholders, scoped } from "@/lib/scope";

/** A track with its album's licensee, if the scope may see it. Built once per kind of reader: reorders, walls and edits start here. */
export async function findTrack(db: Conn, scope: Scope, id: number) {
  const { key, placeholders, values } = scopePlaceholders(scope);
  const find = reusedStatement(db, `track ${key}`, (name) =>
    db
      .select({ ...getTableColumns(tracks), licenseeId: albums.licenseeId })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(scoped(placeholders, { accountId: tracks.accountId, licenseeId: albums.licenseeId }, eq(tracks.id, sql.placeholder("id"))))
      .prepare(name),
  );
  const [row] = await find.execute({ id, ...values });
  if (!row) throw notFound(`Track ${id}`);
  return row;
}
