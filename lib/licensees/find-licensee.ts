import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { licensees } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { scoped } from "@/lib/scope";

export async function findLicensee(db: Conn, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(licensees)
    .where(scoped(scope, { accountId: licensees.accountId, licenseeId: licensees.id }, eq(licensees.id, id)));
  if (!row) throw notFound(`Licensee ${id}`);
  return row;
}
