import { eq, getTableColumns, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { albums, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { notFound } from "@/lib/errors";
import { clientScopeOf, EMPLOYEE_SCOPE, licenseeScopeOf, runScoped, scoped } from "@/lib/scope";

const trackInScope = (db: Conn, scope: Scope, id: Placeholder) =>
  db
    .select({ ...getTableColumns(tracks), licenseeId: albums.licenseeId })
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(scoped(scope, { accountId: tracks.accountId, licenseeId: albums.licenseeId }, eq(tracks.id, id)));

// Built once per kind of reader: reorders, walls and edits start here.
const findTrackForEmployee = statement(["id"], (db, p) => trackInScope(db, EMPLOYEE_SCOPE, p("id")));
const findTrackForClient = statement(["id", "accountId"], (db, p) => trackInScope(db, clientScopeOf(p), p("id")));
const findTrackForLicensee = statement(["id", "accountId", "licenseeId"], (db, p) =>
  trackInScope(db, licenseeScopeOf(p), p("id")),
);

/** A track with its album's licensee, if the scope may see it. */
export async function findTrack(db: Conn, scope: Scope, id: number) {
  const [row] = await runScoped(
    db,
    scope,
    { employee: findTrackForEmployee, client: findTrackForClient, licensee: findTrackForLicensee },
    { id },
  );
  if (!row) throw notFound(`Track ${id}`);
  return row;
}
