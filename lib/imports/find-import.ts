import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { imports } from "@/db/schema";
import { requireRole, scopeOf, type Actor } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

/** Imports are client staff's (their account's) and staff may read them; licensee users never. */
export const requireImportReader = (actor: Actor) => requireRole(actor, ["client", "employee"], "read imports");

/** An import the actor may see: another account's reads as missing. */
export async function findImport(db: Conn, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(imports)
    .where(scoped(scopeOf(requireImportReader(actor)), { accountId: imports.accountId }, eq(imports.id, id)));
  if (!row) throw notFound(`Import ${id}`);
  return row;
}
