import * as accountRoute from "@/app/api/accounts/[id]/route";
import * as albumRequestsRoute from "@/app/api/albums/[id]/requests/route";
import * as acknowledgeChangesRoute from "@/app/api/requests/[id]/acknowledge-changes/route";
import * as cancelRoute from "@/app/api/requests/[id]/cancel/route";
import * as eventsRoute from "@/app/api/requests/[id]/events/route";
import * as licenseRoute from "@/app/api/requests/[id]/license/route";
import * as linkSongRoute from "@/app/api/requests/[id]/link-song/route";
import * as assigneeRoute from "@/app/api/requests/[id]/assignee/route";
import * as fastTrackRoute from "@/app/api/requests/[id]/fast-track/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as filingRoute from "@/app/api/requests/[id]/owners/[ownerId]/filing/route";
import * as noticeRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice/route";
import * as noticeLetterRoute from "@/app/api/requests/[id]/owners/[ownerId]/notice.pdf/route";
import * as ownerNotFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import * as ownerIdentifiedRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-identified/route";
import * as acceptanceRoute from "@/app/api/requests/[id]/owners/[ownerId]/acceptance/route";
import * as blanketServiceRoute from "@/app/api/blanket-licensed-services/[id]/route";
import * as songMatchesRoute from "@/app/api/requests/[id]/song-matches/route";
import * as statusRoute from "@/app/api/requests/[id]/status/route";
import * as albumRoute from "@/app/api/albums/[id]/route";
import * as licenseeRoute from "@/app/api/licensees/[id]/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as releaseSalesRoute from "@/app/api/releases/[id]/sales/route";
import * as trackReleaseRoute from "@/app/api/tracks/[id]/releases/[releaseId]/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import * as trackRoute from "@/app/api/tracks/[id]/route";
import * as wallPostRoute from "@/app/api/tracks/[id]/wallposts/[wallPostId]/route";
import * as wallPostsRoute from "@/app/api/tracks/[id]/wallposts/route";
import * as songRoute from "@/app/api/songs/[id]/route";
import * as webhookRoute from "@/app/api/webhooks/[id]/route";
import * as webhookDeliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import * as webhookResendRoute from "@/app/api/webhooks/[id]/deliveries/[deliveryId]/resend/route";
import * as webhookRotateRoute from "@/app/api/webhooks/[id]/rotate-secret/route";
import * as webhookTestRoute from "@/app/api/webhooks/[id]/test/route";
import type { ErrorCode } from "@/lib/errors";
import { call, type CallOptions, type Handler } from "./api";
import { fileRequest, requestBody } from "./fixtures";
import { IMPORT_ID_ROUTES } from "./id-routes-imports";
import { MONEY_ID_ROUTES } from "./id-routes-money";
import { importFixture } from "./imports";
import { openInvoiceFixture } from "./money";
import { postToWall } from "./wall";
import { webhookFixture } from "./webhooks";

/** The ids of one filed request and everything it hangs on, and of a post on its album's wall. */
export type Ids = {
  accountId: number;
  requestId: number;
  licenseeId: string;
  albumId: number;
  trackId: number;
  releaseId: number;
  wallPostId: number;
  invoiceId: number;
  webhookId: number;
  deliveryId: number;
  importId: number;
};

/** Files a request (the default body unless given), posts on its album's wall, adds a webhook endpoint with one
 * delivery and an import: the ids rows address. */
export async function fileIds(
  account: { key: string; accountId: number },
  body: unknown = requestBody(),
): Promise<Ids> {
  const { key, accountId } = account;
  const r = await fileRequest(key, body);
  const post = await postToWall(key, r.trackId, { message: "On the wall" });
  return {
    accountId,
    requestId: r.id,
    licenseeId: r.licenseeId,
    albumId: r.albumId,
    trackId: r.trackId,
    releaseId: r.releaseId,
    wallPostId: post.body.id,
    invoiceId: await openInvoiceFixture(accountId),
    ...(await webhookFixture(accountId)),
    importId: await importFixture(key),
  };
}

/** Ids that exist for nobody. */
export const MISSING: Ids = {
  accountId: 999999,
  requestId: 999999,
  licenseeId: "00000000-0000-4000-8000-000000000000",
  albumId: 999999,
  trackId: 999999,
  releaseId: 999999,
  wallPostId: 999999,
  invoiceId: 999999,
  webhookId: 999999,
  deliveryId: 999999,
  importId: 999999,
};

/**
 * One call that addresses resources by id, in the path or in the body. `target` is whose resources are
 * addressed; `own` are the caller's ids, for the parts of a call that must be the caller's own.
 * Adding an endpoint that takes an id = adding a row here (the tenant-isolation suite checks that none is missed).
 */
export type IdRoute = {
  name: `${"GET" | "POST" | "PATCH" | "PUT" | "DELETE"} /api/${string}`;
  /** What is addressed, when an endpoint has several rows. */
  what?: string;
  handler: Handler;
  params?: (target: Ids, own: Ids) => Record<string, string>;
  body?: (target: Ids, own: Ids) => unknown;
  /** A CSV body instead of JSON (a sales report). */
  csv?: (target: Ids, own: Ids) => string;
  /** PATCH endpoints: one patchable field, a good value, and a value of the wrong type. */
  patch?: { path: string; value: unknown; wrongType: unknown };
  /** Who makes the call successfully: the owning client (default), or staff only (a client key is refused). */
  by?: "staff";
  /** The answer to a client key for another account's ids and for missing ids alike (default not_found, or
   * forbidden for a staff-only endpoint). */
  code?: ErrorCode;
  /** When the fixture (a `new` request, an empty song catalog) makes the permitted caller's call fail after the
   * access checks: the error it gets instead of a 2xx (e.g. not_licensed for the license of a new request). */
  permitted?: ErrorCode;
};

const newRelease = { formatId: 1002, releaseQuantity: 10 };
const initial = (track: Record<string, unknown>) => ({
  track: { lengthInSeconds: 180, song: { title: "Borrowed", originalRecordingArtist: "Someone" }, ...track },
});
const id = (n: number) => String(n);
/** The fixtures have no catalog songs (nor owners): this id names none. */
const NO_SONG = 999999;

export const ID_ROUTES: IdRoute[] = [
  { name: "GET /api/requests/{id}", handler: requestRoute.GET, params: (t) => ({ id: id(t.requestId) }) },
  { name: "GET /api/requests/{id}/events", handler: eventsRoute.GET, params: (t) => ({ id: id(t.requestId) }) },
  { name: "GET /api/albums/{id}", handler: albumRoute.GET, params: (t) => ({ id: id(t.albumId) }) },
  {
    name: "PATCH /api/albums/{id}",
    handler: albumRoute.PATCH,
    params: (t) => ({ id: id(t.albumId) }),
    patch: { path: "title", value: "Taken Over", wrongType: 42 },
  },
  { name: "GET /api/albums/{id}/requests", handler: albumRequestsRoute.GET, params: (t) => ({ id: id(t.albumId) }) },
  { name: "GET /api/licensees/{id}", handler: licenseeRoute.GET, params: (t) => ({ id: t.licenseeId }) },
  {
    name: "PATCH /api/licensees/{id}",
    handler: licenseeRoute.PATCH,
    params: (t) => ({ id: t.licenseeId }),
    patch: { path: "email", value: "taken-over@example.com", wrongType: 42 },
  },
  { name: "GET /api/tracks/{id}", handler: trackRoute.GET, params: (t) => ({ id: id(t.trackId) }) },
  {
    name: "PATCH /api/tracks/{id}",
    handler: trackRoute.PATCH,
    params: (t) => ({ id: id(t.trackId) }),
    patch: { path: "lengthInSeconds", value: 61, wrongType: "abc" },
  },
  { name: "GET /api/tracks/{id}/requests", handler: trackRequestsRoute.GET, params: (t) => ({ id: id(t.trackId) }) },
  {
    name: "POST /api/tracks/{id}/requests",
    handler: trackRequestsRoute.POST,
    params: (t) => ({ id: id(t.trackId) }),
    body: () => newRelease,
  },
  {
    name: "PATCH /api/tracks/{id}/releases/{releaseId}",
    what: "the track and its release",
    handler: trackReleaseRoute.PATCH,
    params: (t) => ({ id: id(t.trackId), releaseId: id(t.releaseId) }),
    patch: { path: "releaseQuantity", value: 7, wrongType: "abc" },
  },
  {
    name: "PATCH /api/tracks/{id}/releases/{releaseId}",
    what: "the release, through the caller's own track",
    handler: trackReleaseRoute.PATCH,
    params: (t, own) => ({ id: id(own.trackId), releaseId: id(t.releaseId) }),
    patch: { path: "releaseQuantity", value: 7, wrongType: "abc" },
  },
  {
    name: "PATCH /api/tracks/{id}/releases/{releaseId}",
    what: "the track, with the caller's own release",
    handler: trackReleaseRoute.PATCH,
    params: (t, own) => ({ id: id(t.trackId), releaseId: id(own.releaseId) }),
    patch: { path: "releaseQuantity", value: 7, wrongType: "abc" },
  },
  { name: "GET /api/releases/{id}/sales", handler: releaseSalesRoute.GET, params: (t) => ({ id: id(t.releaseId) }) },
  {
    name: "POST /api/releases/{id}/sales",
    handler: releaseSalesRoute.POST,
    params: (t) => ({ id: id(t.releaseId) }),
    csv: (t) => `date,trackId,store,units,format\n2026-11-01,${t.trackId},Shop,1,1002\n`,
  },
  {
    name: "POST /api/requests",
    what: "the licensee id",
    handler: requestsRoute.POST,
    body: (t) =>
      initial({ album: { title: "New", artist: "New", licensee: { id: t.licenseeId } }, releases: [newRelease] }),
  },
  {
    name: "POST /api/requests",
    what: "the album, licensee and release ids",
    handler: requestsRoute.POST,
    body: (t) => initial({ album: { id: t.albumId, licensee: { id: t.licenseeId } }, releases: [{ id: t.releaseId }] }),
  },
  {
    name: "POST /api/requests",
    what: "the album id with a new release",
    handler: requestsRoute.POST,
    body: (t) => initial({ album: { id: t.albumId }, releases: [newRelease] }),
  },
  {
    name: "POST /api/requests",
    what: "the release id, on the caller's own album",
    handler: requestsRoute.POST,
    body: (t, own) => initial({ album: { id: own.albumId }, releases: [{ id: t.releaseId }] }),
  },
  {
    name: "POST /api/requests",
    what: "the licensee id, with the caller's own album",
    handler: requestsRoute.POST,
    body: (t, own) =>
      initial({ album: { id: own.albumId, licensee: { id: t.licenseeId } }, releases: [{ id: own.releaseId }] }),
    code: "validation_failed",
  },
  {
    name: "POST /api/requests",
    what: "the track as medleyTrackId, on the caller's own album",
    handler: requestsRoute.POST,
    body: (t, own) =>
      initial({ album: { id: own.albumId }, medleyTrackId: t.trackId, releases: [{ id: own.releaseId }] }),
  },
  { name: "GET /api/tracks/{id}/wallposts", handler: wallPostsRoute.GET, params: (t) => ({ id: id(t.trackId) }) },
  {
    name: "POST /api/tracks/{id}/wallposts",
    handler: wallPostsRoute.POST,
    params: (t) => ({ id: id(t.trackId) }),
    body: () => ({ message: "Hello from elsewhere" }),
  },
  {
    name: "POST /api/tracks/{id}/wallposts",
    what: "the parent post, on the caller's own track",
    handler: wallPostsRoute.POST,
    params: (_t, own) => ({ id: id(own.trackId) }),
    body: (t) => ({ message: "A reply", parentId: t.wallPostId }),
    code: "validation_failed",
  },
  // Last: the owner's run of this row deletes the post the rows above address.
  {
    name: "DELETE /api/tracks/{id}/wallposts/{wallPostId}",
    handler: wallPostRoute.DELETE,
    params: (t) => ({ id: id(t.trackId), wallPostId: id(t.wallPostId) }),
  },
  // The licensing workflow. Staff rows run before the client's cancel, which ends the request's life.
  {
    name: "POST /api/requests/{id}/status",
    handler: statusRoute.POST,
    params: (t) => ({ id: id(t.requestId) }),
    body: () => ({ code: "need_info", note: "Which version?" }),
    by: "staff",
  },
  {
    name: "POST /api/requests/{id}/fast-track",
    handler: fastTrackRoute.POST,
    params: (t) => ({ id: id(t.requestId) }),
    by: "staff",
    permitted: "invalid_transition",
  },
  {
    name: "POST /api/requests/{id}/assignee",
    handler: assigneeRoute.POST,
    params: (t) => ({ id: id(t.requestId) }),
    body: () => ({ userId: null }),
    by: "staff",
  },
  {
    name: "POST /api/requests/{id}/link-song",
    handler: linkSongRoute.POST,
    params: (t) => ({ id: id(t.requestId) }),
    body: () => ({ songId: NO_SONG }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/requests/{id}/owners/{ownerId}/notice",
    handler: noticeRoute.POST,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    body: () => ({ method: "mail", carrier: "USPS" }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/requests/{id}/owners/{ownerId}/owner-not-found",
    handler: ownerNotFoundRoute.POST,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/requests/{id}/owners/{ownerId}/owner-identified",
    handler: ownerIdentifiedRoute.POST,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/requests/{id}/owners/{ownerId}/acceptance",
    handler: acceptanceRoute.POST,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    body: () => ({ acceptedOn: "2026-01-01", reference: "Letter" }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "DELETE /api/blanket-licensed-services/{id}",
    handler: blanketServiceRoute.DELETE,
    params: () => ({ id: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/requests/{id}/owners/{ownerId}/filing",
    handler: filingRoute.GET,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/requests/{id}/owners/{ownerId}/notice.pdf",
    handler: noticeLetterRoute.GET,
    params: (t) => ({ id: id(t.requestId), ownerId: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "POST /api/requests/{id}/acknowledge-changes",
    handler: acknowledgeChangesRoute.POST,
    params: (t) => ({ id: id(t.requestId) }),
    by: "staff",
  },
  {
    name: "GET /api/requests/{id}/notices",
    handler: noticesRoute.GET,
    params: (t) => ({ id: id(t.requestId) }),
    by: "staff",
  },
  {
    name: "GET /api/requests/{id}/song-matches",
    handler: songMatchesRoute.GET,
    params: (t) => ({ id: id(t.requestId) }),
    by: "staff",
  },
  {
    name: "GET /api/songs/{id}",
    handler: songRoute.GET,
    params: () => ({ id: id(NO_SONG) }),
    by: "staff",
    permitted: "not_found",
  },
  {
    name: "GET /api/requests/{id}/license",
    handler: licenseRoute.GET,
    params: (t) => ({ id: id(t.requestId) }),
    permitted: "not_licensed",
  },
  { name: "POST /api/requests/{id}/cancel", handler: cancelRoute.POST, params: (t) => ({ id: id(t.requestId) }) },
  ...MONEY_ID_ROUTES,
  // Client accounts: the staff's.
  { name: "GET /api/accounts/{id}", handler: accountRoute.GET, params: (t) => ({ id: id(t.accountId) }), by: "staff" },
  {
    name: "PATCH /api/accounts/{id}",
    handler: accountRoute.PATCH,
    params: (t) => ({ id: id(t.accountId) }),
    patch: { path: "name", value: "Renamed by staff", wrongType: 42 },
    by: "staff",
  },
  ...IMPORT_ID_ROUTES,
  // Webhooks: the client admin's. Last: the owner's run of the DELETE row removes the endpoint the others address.
  { name: "GET /api/webhooks/{id}", handler: webhookRoute.GET, params: (t) => ({ id: id(t.webhookId) }) },
  {
    name: "PATCH /api/webhooks/{id}",
    handler: webhookRoute.PATCH,
    params: (t) => ({ id: id(t.webhookId) }),
    patch: { path: "enabled", value: false, wrongType: "no" },
  },
  {
    name: "GET /api/webhooks/{id}/deliveries",
    handler: webhookDeliveriesRoute.GET,
    params: (t) => ({ id: id(t.webhookId) }),
  },
  {
    name: "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend",
    what: "the endpoint and its delivery",
    handler: webhookResendRoute.POST,
    params: (t) => ({ id: id(t.webhookId), deliveryId: id(t.deliveryId) }),
  },
  {
    name: "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend",
    what: "the delivery, through the caller's own endpoint",
    handler: webhookResendRoute.POST,
    params: (t, own) => ({ id: id(own.webhookId), deliveryId: id(t.deliveryId) }),
  },
  {
    name: "POST /api/webhooks/{id}/rotate-secret",
    handler: webhookRotateRoute.POST,
    params: (t) => ({ id: id(t.webhookId) }),
  },
  { name: "POST /api/webhooks/{id}/test", handler: webhookTestRoute.POST, params: (t) => ({ id: id(t.webhookId) }) },
  { name: "DELETE /api/webhooks/{id}", handler: webhookRoute.DELETE, params: (t) => ({ id: id(t.webhookId) }) },
];

export const deniedCode = (r: IdRoute): ErrorCode => r.code ?? (r.by === "staff" ? "forbidden" : "not_found");

export const routeLabel = (r: IdRoute) => (r.what ? `${r.name} (${r.what})` : r.name);

/** The call a row describes, made with `key`; `opts` replace parts of it (params are merged). */
export function callRoute(route: IdRoute, key: string, target: Ids, own: Ids, opts: CallOptions = {}) {
  const [method, template] = route.name.split(" ") as [string, string];
  const params = { ...route.params?.(target, own), ...opts.params };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const body = route.patch
    ? [{ op: "replace", path: route.patch.path, value: route.patch.value }]
    : route.body?.(target, own);
  const csv = route.csv?.(target, own);
  const csvBody = csv === undefined ? {} : { rawBody: csv, headers: { "Content-Type": "text/csv" } };
  return call(route.handler, method, path, {
    key,
    body: opts.rawBody === undefined ? body : undefined,
    ...csvBody,
    ...opts,
    params,
  });
}
