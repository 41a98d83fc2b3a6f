import { beforeAll, describe, expect, it } from "vitest";
import { GET as unknownPath } from "@/app/api/[[...path]]/route";
import { GET as balance } from "@/app/api/account/balance/route";
import { POST as createAlbum } from "@/app/api/albums/route";
import { GET as formats } from "@/app/api/formats/route";
import { GET as license } from "@/app/api/requests/[id]/license/route";
import { GET as request } from "@/app/api/requests/[id]/route";
import { call, clientKey, staffKey } from "../helpers/api";
import { addSong, requestIn, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Uncached Records")).key, staff: await staffKey(db()) };
});

describe("what the API answers a caller", () => {
  it("is never kept by a cache: answers, lists, polls and errors carry Cache-Control: no-store", async () => {
    const answers = [
      await call(balance, "GET", "/api/account/balance", { key: keys.client }),
      await call(formats, "GET", "/api/formats", { key: keys.client }),
      await call(balance, "GET", "/api/account/balance"),
      await call(balance, "GET", "/api/account/balance", { key: keys.staff }),
      await call(createAlbum, "POST", "/api/albums", { key: keys.client, body: {} }),
      await call(unknownPath, "GET", "/api/nothing-here", { key: keys.client }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 403, 400, 404]);
    for (const a of answers) expect(a.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a license PDF private and unstored, and a polled request too", async () => {
    const song = await addSong(keys.staff, songBody({ title: "Unkept Tune" }));
    const id = await requestIn(keys, "licensed", song);
    const params = { id: String(id) };
    const pdf = await call(license, "GET", `/api/requests/${id}/license`, { key: keys.client, params });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const polled = await call(request, "GET", `/api/requests/${id}`, { key: keys.client, params });
    expect(polled.headers.get("cache-control")).toBe("no-store");
  });
});
