import { describe, expect, it } from "vitest";
import * as noticesRoute from "@/app/api/requests/[id]/notices/route";
import * as songRoute from "@/app/api/songs/[id]/route";
import * as songsRoute from "@/app/api/songs/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { addSong, linkSong, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("client keys on the staff operations API", () => {
  it("get 403 forbidden on every staff endpoint, even for their own requests, and change nothing", async () => {
    const { key: client } = await clientKey(db(), "Curious Records");
    const staff = await staffKey(db());
    const song = await addSong(staff);
    const id = await requestIn({ client, staff }, "in_progress", song);
    const p = { id: String(id) };
    const attempts = {
      "POST /api/songs": await call(songsRoute.POST, "POST", "/api/songs", { key: client, body: songBody() }),
      "GET /api/songs": await call(songsRoute.GET, "GET", "/api/songs", { key: client, query: "q=moon" }),
      "GET /api/songs/{id}": await call(songRoute.GET, "GET", `/api/songs/${song.id}`, { key: client, params: { id: String(song.id) } }),
      "POST link-song": await linkSong(client, id, song.id),
      "POST status": await setStatus(client, id, { code: "need_info" }),
      "POST notice": await serve(client, id, song.owners[0]!.id),
      "GET notices": await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: client, params: p }),
    };
    for (const [endpoint, res] of Object.entries(attempts)) {
      expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 403, "forbidden"]);
    }
    const after = await call(noticesRoute.GET, "GET", `/api/requests/${id}/notices`, { key: staff, params: p });
    expect(after.body.map((n: { served: boolean }) => n.served)).toEqual([false, false]);
  });

  it("a missing or unknown key is 401 before anything else", async () => {
    const res = await call(songsRoute.GET, "GET", "/api/songs", { key: "cd_not-a-real-key" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });
});
