import { asc, eq, inArray } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { blanketLicensedServices } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError, notFound, validationFailed } from "@/lib/errors";
import {
  blanketLicenseDetail,
  blanketLicenseReason,
  isStreamFormat,
  outletNames,
  serviceNameKey,
  type BlanketServiceInput,
} from "./stream-outlets";

const toView = (row: typeof blanketLicensedServices.$inferSelect) => ({
  id: row.id,
  name: row.name,
  dateAdded: row.dateAdded.toISOString(),
});
export type BlanketServiceView = ReturnType<typeof toView>;

/** GET /api/blanket-licensed-services: the list, by name. */
export async function listBlanketServices(db: Conn, actor: Actor): Promise<BlanketServiceView[]> {
  requireEmployee(actor, "see the blanket-licensed services");
  const rows = await db.select().from(blanketLicensedServices).orderBy(asc(blanketLicensedServices.nameKey));
  return rows.map(toView);
}

/** POST /api/blanket-licensed-services: a service that holds the blanket license; a name already listed is refused. */
export async function addBlanketService(db: Db, actor: Actor, input: BlanketServiceInput): Promise<BlanketServiceView> {
  const employee = requireEmployee(actor, "change the blanket-licensed services");
  const name = input.name.replace(/\s+/g, " ");
  const nameKey = serviceNameKey(name);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blanketLicensedServices)
      .values({ name, nameKey })
      .onConflictDoNothing({ target: blanketLicensedServices.nameKey })
      .returning();
    if (!row) {
      const [listed] = await tx
        .select({ name: blanketLicensedServices.name })
        .from(blanketLicensedServices)
        .where(eq(blanketLicensedServices.nameKey, nameKey));
      throw validationFailed([{ path: "name", message: `is already on the list (as "${listed?.name ?? name}")` }]);
    }
    await recordAudit(tx, employee, {
      action: "blanket_service.added",
      entityType: "blanket_licensed_service",
      entityId: row.id,
      accountId: null,
      detail: { name },
    });
    return toView(row);
  });
}

/** DELETE /api/blanket-licensed-services/{id}: stream filings for it are accepted again from now on. */
export async function removeBlanketService(db: Db, actor: Actor, id: number): Promise<void> {
  const employee = requireEmployee(actor, "change the blanket-licensed services");
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blanketLicensedServices).where(eq(blanketLicensedServices.id, id)).returning();
    if (!row) throw notFound(`Blanket-licensed service ${id}`);
    await recordAudit(tx, employee, {
      action: "blanket_service.removed",
      entityType: "blanket_licensed_service",
      entityId: id,
      accountId: null,
      detail: { name: row.name },
    });
  });
}

/**
 * A stream release whose outlets name a blanket-licensed service is refused whole (400 covered_by_blanket_license),
 * one error per matched name at `path`, even when other outlets are named too: the client files again for those.
 * Other formats, and streams for other outlets only, pass.
 */
export async function refuseBlanketLicensed(
  conn: Conn,
  release: { formatId: number; expectedOutletsOfDistribution: string | null },
  path: string,
): Promise<void> {
  if (!isStreamFormat(release.formatId)) return;
  const names = outletNames(release.expectedOutletsOfDistribution);
  if (names.length === 0) return;
  const listed = await conn
    .select({ name: blanketLicensedServices.name, nameKey: blanketLicensedServices.nameKey })
    .from(blanketLicensedServices)
    .where(inArray(blanketLicensedServices.nameKey, [...new Set(names.map(serviceNameKey))]));
  if (listed.length === 0) return;
  // Each matched service once, named as the client wrote it first, in the order written.
  const byKey = new Map<string, string>();
  for (const n of names) {
    const key = serviceNameKey(n);
    if (!byKey.has(key) && listed.some((l) => l.nameKey === key)) byKey.set(key, n);
  }
  const matched = [...byKey.values()];
  throw new DomainError(
    "covered_by_blanket_license",
    blanketLicenseDetail(matched),
    matched.map((name) => ({ path, message: blanketLicenseReason(name) })),
  );
}
