import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as songRoute from "@/app/api/songs/[id]/route";
import * as songsRoute from "@/app/api/songs/route";
import { songOwners } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { songInputSchema } from "@/lib/songs/schemas";
import { updateSong } from "@/lib/songs/update-song";
import { call, clientKey, staffKey } from "../helpers/api";
import { addSong, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("POST /api/songs", () => {
  it("adds a song with writers and owners, shares as percentages stored in basis points", async () => {
    const key = await staffKey(db());
    const body = songBody({
      owners: [
        { name: "One", email: "one@example.com", share: 33.33 },
        { name: "Two", share: 33.33 },
        { name: "Three", share: 33.34 },
      ],
    });
    const res = await call(songsRoute.POST, "POST", "/api/songs", { key, body });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/songs/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: "Moonlight Harbor",
      writers: ["Ada Writer", "Ben Composer"],
      owners: [
        {
          id: expect.any(Number),
          name: "One",
          email: "one@example.com",
          noticeEmailDesignated: false,
          postalAddress: null,
          share: 33.33,
        },
        {
          id: expect.any(Number),
          name: "Two",
          email: null,
          noticeEmailDesignated: false,
          postalAddress: null,
          share: 33.33,
        },
        {
          id: expect.any(Number),
          name: "Three",
          email: null,
          noticeEmailDesignated: false,
          postalAddress: null,
          share: 33.34,
        },
      ],
    });
    const stored = await db().select().from(songOwners).where(eq(songOwners.songId, res.body.id));
    expect(stored.map((o) => o.shareBasisPoints).sort()).toEqual([3333, 3333, 3334]);

    const read = await call(songRoute.GET, "GET", `/api/songs/${res.body.id}`, {
      key,
      params: { id: String(res.body.id) },
    });
    expect(read.body).toEqual(res.body);
  });

  it("refuses shares that do not sum to exactly 100, or with more than 2 decimals", async () => {
    const key = await staffKey(db());
    const before = (await db().select().from(songOwners)).length;
    const short = await call(songsRoute.POST, "POST", "/api/songs", {
      key,
      body: songBody({
        owners: [
          { name: "A", share: 50 },
          { name: "B", share: 49.99 },
        ],
      }),
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("validation_failed");
    expect(short.body.errors).toEqual([{ path: "owners", message: expect.stringContaining("sum to exactly 100") }]);

    const fine = await call(songsRoute.POST, "POST", "/api/songs", {
      key,
      body: songBody({
        owners: [
          { name: "A", share: 50.005 },
          { name: "B", share: 49.995 },
        ],
      }),
    });
    expect(fine.status).toBe(400);
    expect(fine.body.errors.map((e: { path: string }) => e.path)).toEqual(["owners.0.share", "owners.1.share"]);

    const empty = await call(songsRoute.POST, "POST", "/api/songs", {
      key,
      body: { title: "", writers: [], owners: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { path: string }) => e.path)).toEqual(["title", "writers", "owners"]);
    expect((await db().select().from(songOwners)).length).toBe(before);
  });

  it("is for staff keys only", async () => {
    const { key } = await clientKey(db(), "Catalog Curious Records");
    const create = await call(songsRoute.POST, "POST", "/api/songs", { key, body: songBody() });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe("forbidden");
    const search = await call(songsRoute.GET, "GET", "/api/songs", { key });
    expect(search.status).toBe(403);
    const staff = await staffKey(db());
    const { id } = await addSong(staff);
    const read = await call(songRoute.GET, "GET", `/api/songs/${id}`, { key, params: { id: String(id) } });
    expect(read.status).toBe(403);
  });
});

describe("GET /api/songs", () => {
  it("finds songs by title or writer, case-insensitively, paged with X-Total-Count", async () => {
    const key = await staffKey(db());
    await addSong(key, songBody({ title: "Quiet River Song", writers: ["Zed Zimmer"] }));
    await addSong(key, songBody({ title: "Loud Ocean", writers: ["Quinn River"] }));
    await addSong(key, songBody({ title: "Nothing Alike", writers: ["Nobody"] }));

    const byBoth = await call(songsRoute.GET, "GET", "/api/songs", { key, query: "q=RIVER" });
    expect(byBoth.status).toBe(200);
    expect(byBoth.headers.get("x-total-count")).toBe("2");
    expect(byBoth.body.map((s: { title: string }) => s.title)).toEqual(["Loud Ocean", "Quiet River Song"]);

    const byWriter = await call(songsRoute.GET, "GET", "/api/songs", { key, query: "q=zimmer" });
    expect(byWriter.body.map((s: { title: string }) => s.title)).toEqual(["Quiet River Song"]);

    const page = await call(songsRoute.GET, "GET", "/api/songs", { key, query: "q=river&offset=1&limit=1" });
    expect(page.headers.get("x-total-count")).toBe("2");
    expect(page.body.map((s: { title: string }) => s.title)).toEqual(["Quiet River Song"]);

    const wildcard = await call(songsRoute.GET, "GET", "/api/songs", { key, query: "q=%25" });
    expect(wildcard.body).toEqual([]);

    const bad = await call(songsRoute.GET, "GET", "/api/songs", { key, query: "limit=abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("limit");
  });
});

describe("editing a catalog song (portal)", () => {
  it("replaces title, writers and the owner list; unknown songs are 404 and clients are refused", async () => {
    const key = await staffKey(db());
    const { id } = await addSong(key);
    const employee: Actor = { kind: "employee", name: "Sam", userId: null, apiKeyId: null };
    const input = songInputSchema.parse({
      title: "Moonlight Harbour",
      writers: ["Ada Writer"],
      owners: [
        { name: "Harbor Music Publishing", share: 12.5 },
        { name: "New Owner", email: "new@example.com", share: 87.5 },
      ],
    });
    const updated = await updateSong(db(), employee, id, input);
    expect(updated).toMatchObject({
      title: "Moonlight Harbour",
      writers: ["Ada Writer"],
      owners: [
        { name: "Harbor Music Publishing", email: null, share: 12.5 },
        { name: "New Owner", email: "new@example.com", share: 87.5 },
      ],
    });
    await expect(updateSong(db(), employee, 987654, input)).rejects.toMatchObject({ code: "not_found" });
    const { accountId } = await clientKey(db(), "Editing Records");
    const client: Actor = { kind: "client", name: "C", accountId, role: "admin", userId: null, apiKeyId: null };
    await expect(updateSong(db(), client, id, input)).rejects.toMatchObject({ code: "forbidden" });
  });
});
