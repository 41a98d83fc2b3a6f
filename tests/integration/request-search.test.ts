import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { requestSearchParams, searchRequests } from "@/lib/requests/search-requests";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let client: Actor;
const ids: Record<string, number> = {};

const body = (song: string, album: string, artist: string, licensee: Record<string, string>) =>
  requestBody({
    track: {
      album: { title: album, artist, licensee: { email: "rights@example.com", ...licensee } },
      song: { title: song, originalRecordingArtist: "Someone" },
    },
  });

beforeAll(async () => {
  const mine = await clientKey(db(), "Search Records");
  const theirs = await clientKey(db(), "Other Search Records");
  client = { kind: "client", name: "Casey", accountId: mine.accountId, role: "member", userId: null, apiKeyId: null };
  ids.lanterns = (
    await fileRequest(
      mine.key,
      body("Lanterns Over Galveston", "Gulf Coast Covers", "Rita Rowe", { companyName: "Harbor Light Music" }),
    )
  ).id;
  ids.jolene = (
    await fileRequest(
      mine.key,
      body("Jolene", "Porch Sessions", "The 100% Band", { firstName: "Dana", lastName: "Quill" }),
    )
  ).id;
  ids.foreign = (
    await fileRequest(theirs.key, body("Jolene", "Elsewhere", "Strangers", { companyName: "Harbor Light Music" }))
  ).id;
});

const found = async (actor: Actor, q: string) =>
  (await searchRequests(db(), actor, requestSearchParams.parse({ q }))).items.map((i) => i.id).sort((a, b) => a - b);
const queued = async (q: string) =>
  (await listQueue(db(), employee, queueQuery.parse({ q, status: "all" }))).items
    .map((i) => i.id)
    .sort((a, b) => a - b);

describe("searching requests (portal list and staff queue)", () => {
  it.each([
    ["a song title, any case, any part", "over galv", ["lanterns"], ["lanterns"]],
    ["a song title from inside a word", "ANTERNS OVER", ["lanterns"], ["lanterns"]],
    ["an album title", "porch sess", ["jolene"], ["jolene"]],
    ["an album artist", "rita rowe", ["lanterns"], ["lanterns"]],
    ["a licensee company", "harbor light", ["lanterns"], ["lanterns", "foreign"]],
    ["a licensee person's name", "dana quill", ["jolene"], ["jolene"]],
    ["a licensee's last name", "QUILL", ["jolene"], ["jolene"]],
    ["a song title in two accounts", "jolene", ["jolene"], ["jolene", "foreign"]],
    ["% as a character, not a wildcard", "100%", ["jolene"], ["jolene"]],
    ["words only together, as written (the indexes are read with them apart)", "lanterns galveston", [], []],
    ["words only within one field (an album's title and artist are keyed as one text)", "covers rita", [], []],
    ["nothing", "no such words", [], []],
  ])("finds %s (%s)", async (_case, q, forClient, forStaff) => {
    const want = (names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);
    expect(await found(client, q)).toEqual(want(forClient));
    expect(await found(employee, q)).toEqual(want(forStaff));
    expect(await queued(q)).toEqual(want(forStaff));
  });

  it("finds a request by its number, 6 or #6, within the caller's scope", async () => {
    for (const q of [String(ids.jolene), `#${ids.jolene}`, `# ${ids.jolene}`]) {
      expect(await found(client, q)).toEqual([ids.jolene]);
      expect(await queued(q)).toEqual([ids.jolene]);
    }
    expect(await found(client, `#${ids.foreign}`)).toEqual([]);
    expect(await found(employee, `#${ids.foreign}`)).toEqual([ids.foreign]);
    expect(await found(client, "#99999999999")).toEqual([]);
  });

  it("finds by a number without # both the request of that number and those whose text holds it", async () => {
    const mine = await clientKey(db(), "Numbered Search Records");
    const numbered = (
      await fileRequest(
        mine.key,
        body(`Highway ${ids.jolene}`, "Road Songs", "Tar Band", { companyName: "Asphalt Music" }),
      )
    ).id;
    expect(await found(employee, String(ids.jolene))).toEqual([ids.jolene, numbered]);
    expect(await queued(String(ids.jolene))).toEqual([ids.jolene, numbered]);
    expect(await found(employee, `#${ids.jolene}`)).toEqual([ids.jolene]);
    // Each side keeps the caller's scope.
    expect(await found(client, String(ids.jolene))).toEqual([ids.jolene]);
    expect(await found(client, String(numbered))).not.toContain(numbered);
  });

  it("counts what it finds for the pager", async () => {
    const result = await searchRequests(db(), employee, requestSearchParams.parse({ q: "harbor light" }));
    expect(result.total).toBe(2);
    // Past the last page no row carries the total: it is still the count of the matches.
    const past = await searchRequests(db(), employee, requestSearchParams.parse({ q: "harbor light", page: "2" }));
    expect(past).toMatchObject({ items: [], total: 2, page: 2 });
    expect(
      await searchRequests(db(), client, requestSearchParams.parse({ q: "no such words", page: "3" })),
    ).toMatchObject({ items: [], total: 0 });
    // The queue counts a search the same way, on every page.
    expect((await listQueue(db(), employee, queueQuery.parse({ q: "harbor light", status: "all" }))).total).toBe(2);
    expect(
      await listQueue(db(), employee, queueQuery.parse({ q: "harbor light", status: "all", page: "2" })),
    ).toMatchObject({ items: [], total: 2 });
    expect((await listQueue(db(), employee, queueQuery.parse({ q: "no such words", status: "all" }))).total).toBe(0);
  });
});
