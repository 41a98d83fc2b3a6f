import { eq, sql } from "drizzle-orm";
import type { Conn, Tx } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
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

/**
 * Every write that depends on or changes an album's locks (edits, linking a song, beginning licensing)
 * takes this row lock first, so a lock check inside a transaction cannot race a concurrent status change. Returns the
 * album's licensee (a reorder's answer names it).
 */
export async function lockAlbum(tx: Tx, albumId: number): Promise<{ licenseeId: string }> {
  const lock = reusedStatement(tx, "lock album", (name) =>
    tx
      .select({ licenseeId: albums.licenseeId })
      .from(albums)
      .where(eq(albums.id, sql.placeholder("albumId")))
      .for("update")
      .prepare(name),
  );
  const [row] = await lock.execute({ albumId });
  if (!row) throw notFound(`Album ${albumId}`);
  return row;
}
