import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { TEXT_LIMITS } from "@/lib/input-text";
import type { Conn } from "@/db/client";
import { pageWithTotal, totalOf } from "@/db/page-with-total";
import { albums, licensees, releases, requests, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { royaltyView } from "@/lib/royalties/compute-royalty";
import { ratesThroughSql } from "@/lib/royalties/load-rate-table";
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
  q: z.string().trim().max(TEXT_LIMITS.search).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type RequestSearch = z.infer<typeof requestSearchParams>;

const LIST_FIELDS = {
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
  royaltyProvisional: requests.royaltyProvisional,
  releaseYear: releases.releaseYear,
  ratesThrough: ratesThroughSql,
  dateAdded: requests.dateAdded,
};
const ORDER = [desc(requests.dateAdded), desc(requests.id)];

/** One page of the requests `where` selects, newest first: chosen on the requests table, then joined. */
function pageOf(db: Conn, where: SQL | undefined, page: number) {
  const pageIds = db
    .select({ id: requests.id })
    .from(requests)
    .where(where)
    .orderBy(...ORDER)
    .offset((page - 1) * REQUESTS_PAGE_SIZE)
    .limit(REQUESTS_PAGE_SIZE);
  return requestRows(db, LIST_FIELDS)
    .where(inArray(requests.id, pageIds))
    .orderBy(...ORDER);
}

const countOf = async (db: Conn, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(requests).where(where))[0]?.n ?? 0;

/**
 * A page and the total of a filter the kept counts do not know (a search, a licensee), in one statement
 * (pageWithTotal): the matches (the requests' ids and dates) are counted while the page sorts them; a search's
 * matches come from four trigram indexes, and finding them is most of the work.
 */
async function pageAndCount(db: Conn, where: SQL | undefined, page: number) {
  const matched = db
    .$with("matched")
    .as(db.select({ id: requests.id, dateAdded: requests.dateAdded }).from(requests).where(where));
  const pageIds = db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(desc(matched.dateAdded), desc(matched.id))
    .offset((page - 1) * REQUESTS_PAGE_SIZE)
    .limit(REQUESTS_PAGE_SIZE);
  const rows = await requestRows(db, { ...LIST_FIELDS, total: totalOf(db, matched) }, matched)
    .where(inArray(requests.id, pageIds))
    .orderBy(...ORDER);
  return pageWithTotal(rows, page, () => countOf(db, where));
}

/**
 * The portal's request list: newest first, filtered by status, licensee and a search (song, album, artist, licensee
 * or request number: requestTextMatch), one page and the total (from the kept counts when only the account and the
 * status filter it).
 */
export async function searchRequests(db: Conn, actor: Actor, search: RequestSearch) {
  const scope = scopeOf(actor);
  // Conditions on the requests table alone: the page is chosen and counted on its indexes, then only the page is joined.
  const where: SQL | undefined = inRequestTableScope(
    db,
    scope,
    and(
      search.status ? eq(requests.statusCode, search.status) : undefined,
      search.licensee ? ofLicensee(db, search.licensee) : undefined,
      search.q ? requestTextMatch(search.q, scope.accountId) : undefined,
    ),
  );
  const page = search.page ?? 1;
  const kept = scope.licenseeId === undefined && !search.licensee && !search.q;
  const { rows, total } = kept
    ? await Promise.all([
        pageOf(db, where, page),
        countRequests(db, { accountId: scope.accountId, statuses: search.status && [search.status] }),
      ]).then(([rows, total]) => ({ rows, total }))
    : await pageAndCount(db, where, page);
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: statusView(r.statusCode, r.statusReason),
    song: { title: r.songTitle, medley: r.medley, medleyPart: r.medleyPart !== null },
    album: { id: r.albumId, title: r.albumTitle, artist: r.albumArtist },
    licensee: { id: r.licenseeId, name: licenseeName(r) },
    royalty: royaltyView(
      { perUnit: r.royaltyPerUnit, quantity: r.royaltyQuantity, total: r.royaltyTotal },
      { provisional: r.royaltyProvisional, releaseYear: r.releaseYear, ratesThrough: r.ratesThrough },
    ),
    dateAdded: r.dateAdded,
  }));
  return { items, total, page };
}
export type RequestListItem = Awaited<ReturnType<typeof searchRequests>>["items"][number];
