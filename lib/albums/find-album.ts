import { eq } from "drizzle-orm";
import type { Conn, Tx } from "@/db/client";
import { statement } from "@/db/statement";
import { albums } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

export async function findAlbum(db: Conn, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(albums)
    .where(scoped(scope, { accountId: albums.accountId, licenseeId: albums.licenseeId }, eq(albums.id, id)));
  if (!row) throw notFound(`Album ${id}`);
  return row;
}

const albumForUpdate = statement(["albumId"], (db, p) =>
  db
    .select({ licenseeId: albums.licenseeId })
    .from(albums)
    .where(eq(albums.id, p("albumId")))
    .for("update"),
);

/**
 * Every write that depends on or changes an album's locks (edits, linking a song, beginning licensing)
 * takes this row lock first, so a lock check inside a transaction cannot race a concurrent status change. Returns the
 * album's licensee (a reorder's answer names it).
 */
export async function lockAlbum(tx: Tx, albumId: number): Promise<{ licenseeId: string }> {
  const [row] = await albumForUpdate.run(tx, { albumId });
  if (!row) throw notFound(`Album ${albumId}`);
  return row;
}
