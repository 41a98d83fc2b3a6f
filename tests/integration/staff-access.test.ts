import { describe, expect, it } from "vitest";
import * as accountRoute from "@/app/api/accounts/[id]/route";
import * as accountsRoute from "@/app/api/accounts/route";
import * as allNoticesRoute from "@/app/api/notices/route";
import * as cancelRoute from "@/app/api/requests/[id]/cancel/route";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as linkRoute from "@/app/api/requests/[id]/link-song/route";
import * as filingRoute from "@/app/api/requests/[id]/owners/[ownerId]/filing/route";
import * as ownerNotFoundRoute from "@/app/api/requests/[id]/owners/[ownerId]/owner-not-found/route";
import * as songMatchesRoute from "@/app/api/requests/[id]/song-matches/route";
import * as songRoute from "@/app/api/songs/[id]/route";
import * as songsRoute from "@/app/api/songs/route";
import * as trackRequestsRoute from "@/app/api/tracks/[id]/requests/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { rowCounts } from "../helpers/row-counts";
import { addSong, linkSong, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("client keys on the staff operations API", () => {
  it("get 403 forbidden on every staff endpoint, even for their own requests, and change nothing", async () => {
    const { key: client, accountId } = await clientKey(db(), "Curious Records");
    const staff = await staffKey(db());
    const song = await addSong(staff);
    const id = await requestIn({ client, staff }, "in_progress", song);
    const p = { id: String(id) };
    const attempts = {
      "POST /api/songs": await call(songsRoute.POST, "POST", "/api/songs", { key: client, body: songBody() }),
      "GET /api/songs": await call(songsRoute.GET, "GET", "/api/songs", { key: client, query: "q=moon" }),
      "GET /api/songs/{id}": await call(songRoute.GET, "GET", `/api/songs/${song.id}`, {
        key: client,
        params: { id: String(song.id) },
      }),
      "POST link-song": await linkSong(client, id, song.id),
      "POST status": await setStatus(client, id, { code: "need_info" }),
      "POST notice": await serve(client, id, song.owners[0]!.id),
      "POST owner-not-found": await call(
        ownerNotFoundRoute.POST,
        "POST",
        `/api/requests/${id}/owners/${song.owners[0]!.id}/owner-not-found`,
        {
          key: client,
          params: { ...p, ownerId: String(song.owners[0]!.id) },
        },
      ),
      "GET filing": await call(filingRoute.GET, "GET", `/api/requests/${id}/owners/${song.owners[0]!.id}/filing`, {
        key: client,
        params: { ...p, ownerId: String(song.owners[0]!.id) },
      }),
      "GET notices": await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: client, params: p }),
      "GET song-matches": await call(songMatchesRoute.GET, "GET", `/api/requests/${id}/song-matches`, {
        key: client,
        params: p,
      }),
      "GET /api/notices?served=false": await call(allNoticesRoute.GET, "GET", "/api/notices", {
        key: client,
        query: "served=false",
      }),
      "GET /api/accounts": await call(accountsRoute.GET, "GET", "/api/accounts", { key: client }),
      "POST /api/accounts": await call(accountsRoute.POST, "POST", "/api/accounts", {
        key: client,
        body: { name: "Sneaky Records", admin: { email: "sneak@example.com", name: "Sneak" } },
      }),
      "GET /api/accounts/{id}, its own": await call(accountRoute.GET, "GET", `/api/accounts/${accountId}`, {
        key: client,
        params: { id: String(accountId) },
      }),
      "PATCH /api/accounts/{id}, unsuspending itself": await call(
        accountRoute.PATCH,
        "PATCH",
        `/api/accounts/${accountId}`,
        {
          key: client,
          params: { id: String(accountId) },
          body: [{ op: "replace", path: "suspended", value: false }],
        },
      ),
    };
    for (const [endpoint, res] of Object.entries(attempts)) {
      expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 403, "forbidden"]);
    }
    const after = await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: staff, params: p });
    expect(after.body.map((n: { served: boolean }) => n.served)).toEqual([false, false]);
  });

  it("get 403 forbidden whatever they send: an invalid body or query is not validated for a caller who may not call", async () => {
    const { key: client } = await clientKey(db(), "Probing Records");
    const staff = await staffKey(db());
    const song = await addSong(staff);
    const id = await requestIn({ client, staff }, "new", song);
    const p = { id: String(id) };
    const before = await rowCounts(db());
    const attempts = {
      "POST /api/songs, owners not summing to 100": await call(songsRoute.POST, "POST", "/api/songs", {
        key: client,
        body: songBody({ owners: [{ name: "X", share: 12 }] }),
      }),
      "POST /api/songs, not JSON": await call(songsRoute.POST, "POST", "/api/songs", {
        key: client,
        rawBody: "{oops",
        headers: { "Content-Type": "application/json" },
      }),
      "POST /api/songs, wrong content type": await call(songsRoute.POST, "POST", "/api/songs", {
        key: client,
        rawBody: "title=x",
        headers: { "Content-Type": "text/plain" },
      }),
      "GET /api/songs?limit=abc": await call(songsRoute.GET, "GET", "/api/songs", { key: client, query: "limit=abc" }),
      "GET /api/notices?served=maybe": await call(allNoticesRoute.GET, "GET", "/api/notices", {
        key: client,
        query: "served=maybe",
      }),
      "GET song-matches?limit=abc": await call(songMatchesRoute.GET, "GET", `/api/requests/${id}/song-matches`, {
        key: client,
        params: p,
        query: "limit=abc",
      }),
      "POST link-song, no songId": await call(linkRoute.POST, "POST", `/api/requests/${id}/link-song`, {
        key: client,
        params: p,
        body: {},
      }),
      "POST status, unknown code": await setStatus(client, id, { code: "sideways" }),
      "POST /api/accounts, empty body": await call(accountsRoute.POST, "POST", "/api/accounts", {
        key: client,
        body: {},
      }),
      "GET /api/accounts?limit=abc": await call(accountsRoute.GET, "GET", "/api/accounts", {
        key: client,
        query: "limit=abc",
      }),
    };
    for (const [endpoint, res] of Object.entries(attempts)) {
      expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 403, "forbidden"]);
    }
    expect(await rowCounts(db())).toEqual(before);
  });

  it("staff keys get 403 on the client's endpoints (filing, reordering, cancelling) whatever they send", async () => {
    const { key: client } = await clientKey(db(), "Filing Records");
    const staff = await staffKey(db());
    const song = await addSong(staff);
    const id = await requestIn({ client, staff }, "new", song);
    const attempts = {
      "POST /api/requests, empty body": await call(requestsRoute.POST, "POST", "/api/requests", {
        key: staff,
        body: {},
      }),
      "POST reorder, quantity a string": await call(trackRequestsRoute.POST, "POST", "/api/tracks/1/requests", {
        key: staff,
        params: { id: "1" },
        body: { releaseQuantity: "many" },
      }),
      "POST cancel, note a number": await call(cancelRoute.POST, "POST", `/api/requests/${id}/cancel`, {
        key: staff,
        params: { id: String(id) },
        body: { note: 5 },
      }),
    };
    for (const [endpoint, res] of Object.entries(attempts)) {
      expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 403, "forbidden"]);
    }
  });

  it("a missing or unknown key is 401 before anything else", async () => {
    const res = await call(songsRoute.GET, "GET", "/api/songs", { key: "cd_not-a-real-key" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });
});
