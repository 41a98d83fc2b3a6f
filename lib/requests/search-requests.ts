import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Conn } from "@/db/client";
import { albums, licensees, requests, tracks } from "@/db/schema";
import { scopeOf, type Actor, type Scope } from "@/lib/auth/actor";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { royaltyView } from "@/lib/royalties/compute-royalty";
import { countRequests } from "./request-counts";
import { inRequestTableScope, ofLicensee, requestRows } from "./request-rows";
import { requestTextMatch } from "./request-text-search";
import { licenseeIdSchema } from "./schemas";
import { STATUS_CODES, statusView } from "./statuses";

export const REQUESTS_PAGE_SIZE = 25;

/** The portal list's filters from the address bar; a value that makes no sense is ignored rather than refused. */
export const requestSearchParams = z.object({
  status: z.enum(STATUS_CODES).optional().catch(undefined),
  licensee: licenseeIdSchema.optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type RequestSearch = z.infer<typeof requestSearchParams>;

/** The list's total: from the kept counts when only the account and the status filter it, a real count otherwise. */
async function totalOf(db: Conn, scope: Scope, search: RequestSearch, where: SQL | undefined): Promise<number> {
  if (scope.licenseeId === undefined && !search.licensee && !search.q)
    return countRequests(db, { accountId: scope.accountId, statuses: search.status && [search.status] });
  const [row] = await db.select({ n: count() }).from(requests).where(where);
  return row?.n ?? 0;
}

/**
 * The portal's request list: newest first, filtered by status, licensee and a search (song, album, artist, licensee
 * or request number: requestTextMatch), one page and the total.
 */
export async function searchRequests(db: Conn, actor: Actor, search: RequestSearch) {
  // Conditions on the requests table alone: the page is chosen and counted on its indexes, then only the page is joined.
  const where: SQL | undefined = inRequestTableScope(
    db,
    scopeOf(actor),
    and(
      search.status ? eq(requests.statusCode, search.status) : undefined,
      search.licensee ? ofLicensee(db, search.licensee) : undefined,
      search.q ? requestTextMatch(db, search.q) : undefined,
    ),
  );
  const page = search.page ?? 1;
  const order = [desc(requests.dateAdded), desc(requests.id)];
  const pageIds = db
    .select({ id: requests.id })
    .from(requests)
    .where(where)
    .orderBy(...order)
    .offset((page - 1) * REQUESTS_PAGE_SIZE)
    .limit(REQUESTS_PAGE_SIZE);
  const [rows, total] = await Promise.all([
    requestRows(db, {
      id: requests.id,
      kind: requests.kind,
      statusCode: requests.statusCode,
      statusReason: requests.statusReason,
      songTitle: tracks.songTitle,
      medley: tracks.medley,
      medleyPart: tracks.medleyTrackId,
      albumId: albums.id,
      albumTitle: albums.title,
      albumArtist: albums.artist,
      licenseeId: licensees.id,
      companyName: licensees.companyName,
      firstName: licensees.firstName,
      lastName: licensees.lastName,
      royaltyPerUnit: requests.royaltyPerUnit,
      royaltyQuantity: requests.royaltyQuantity,
      royaltyTotal: requests.royaltyTotal,
      dateAdded: requests.dateAdded,
    })
      .where(inArray(requests.id, pageIds))
      .orderBy(...order),
    totalOf(db, scopeOf(actor), search, where),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: statusView(r.statusCode, r.statusReason),
    song: { title: r.songTitle, medley: r.medley, medleyPart: r.medleyPart !== null },
    album: { id: r.albumId, title: r.albumTitle, artist: r.albumArtist },
    licensee: { id: r.licenseeId, name: licenseeName(r) },
    royalty: royaltyView({ perUnit: r.royaltyPerUnit, quantity: r.royaltyQuantity, total: r.royaltyTotal }),
    dateAdded: r.dateAdded,
  }));
  return { items, total, page };
}
export type RequestListItem = Awaited<ReturnType<typeof searchRequests>>["items"][number];
