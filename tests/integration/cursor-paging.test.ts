import { beforeAll, describe, expect, it } from "vitest";
import * as importsRoute from "@/app/api/imports/route";
import * as invoicesRoute from "@/app/api/invoices/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as deliveriesRoute from "@/app/api/webhooks/[id]/deliveries/route";
import { call, clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { importFixture } from "../helpers/imports";
import { openInvoiceFixture } from "../helpers/money";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, postToWall, readWall } from "../helpers/wall";
import { webhookFixture } from "../helpers/webhooks";

// Issue 46, item 5: page 2 repeated five of page 1's rows after one album was filed between the calls. Every list
// pages by cursor: a row added between two calls is neither repeated nor skipped.
const db = setupTestDb();

type Res = Awaited<ReturnType<typeof call>>;
/** One list of one fresh account: how to read a page of it and how to add a row to it (the row's id). */
type List = { read: (query: string) => Promise<Res>; add: () => Promise<number> };

const LISTS: { name: string; newestFirst: boolean; make: (account: string) => Promise<List> }[] = [
  {
    name: "GET /api/requests",
    newestFirst: true,
    make: async (account) => {
      const { key } = await clientKey(db(), account);
      return {
        read: (query) => call(requestsRoute.GET, "GET", "/api/requests", { key, query }),
        add: async () => (await fileRequest(key)).id,
      };
    },
  },
  ...(["desc", "asc"] as const).map((sort) => ({
    name: `GET /api/tracks/{id}/wallposts?sort=${sort}`,
    newestFirst: sort === "desc",
    make: async (account: string): Promise<List> => {
      const album = await albumWithTwoTracks(db(), account);
      const track = album.trackIds[0];
      let n = 0;
      return {
        read: (query) => readWall(album.key, track, `sort=${sort}&${query}`),
        add: async () => (await postToWall(album.key, track, { message: `note ${++n}` })).body.id as number,
      };
    },
  })),
  {
    name: "GET /api/invoices",
    newestFirst: true,
    make: async (account) => {
      const { key, accountId } = await clientKey(db(), account);
      return {
        read: (query) => call(invoicesRoute.GET, "GET", "/api/invoices", { key, query }),
        add: () => openInvoiceFixture(accountId),
      };
    },
  },
  {
    name: "GET /api/imports",
    newestFirst: true,
    make: async (account) => {
      const { key } = await clientKey(db(), account);
      return {
        read: (query) => call(importsRoute.GET, "GET", "/api/imports", { key, query }),
        add: () => importFixture(key),
      };
    },
  },
  {
    name: "GET /api/webhooks/{id}/deliveries",
    newestFirst: true,
    make: async (account) => {
      const { key, accountId } = await clientKey(db(), account);
      const { webhookId } = await webhookFixture(accountId);
      const path = `/api/webhooks/${webhookId}/deliveries`;
      return {
        read: (query) => call(deliveriesRoute.GET, "GET", path, { key, query, params: { id: String(webhookId) } }),
        add: async () => (await webhookFixture(accountId)).deliveryId,
      };
    },
  },
];

const ids = (res: Res) => (res.body as { id: number }[]).map((r) => r.id);

let lists: List[];
beforeAll(async () => {
  lists = [];
  for (const [i, l] of LISTS.entries()) lists.push(await l.make(`Paging Records ${i}`));
});

describe.each(LISTS.map((l, i) => ({ ...l, i })))("$name pages by cursor", ({ i, newestFirst }) => {
  it("a row added between page 1 and page 2 is neither repeated nor skipped; the last page has no next", async () => {
    const list = lists[i]!;
    // The wall's fixture album may already hold posts; the list is whatever it holds before the new rows.
    const first: number[] = [];
    for (let n = 0; n < 5; n++) first.push(await list.add());
    const before = ids(await list.read("limit=1000"));
    expect(before).toEqual(expect.arrayContaining(first));

    const page1 = await list.read("limit=2");
    expect(page1.status).toBe(200);
    const cursor = page1.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    expect(page1.headers.get("link")).toMatch(/^<\/api\/[^>]*[?&]after=[A-Za-z0-9_-]+[^>]*>; rel="next"$/);
    expect(page1.headers.get("link")).toContain(`after=${cursor}`);

    const added = await list.add();
    const seen = ids(page1);
    let next: string | null = cursor;
    let pages = 1;
    let last = page1;
    while (next) {
      last = await list.read(`limit=2&after=${next}`);
      expect(last.status).toBe(200);
      expect(Number(last.headers.get("x-total-count"))).toBe(before.length + 1);
      seen.push(...ids(last));
      next = last.headers.get("x-next-cursor");
      expect(last.headers.get("link") === null).toBe(next === null);
      expect(++pages).toBeLessThan(1000);
    }
    expect(last.headers.get("link")).toBeNull();
    expect(new Set(seen).size, `repeated: ${seen.join(",")}`).toBe(seen.length);
    // Newest first, the new row belongs before page 1 (the next read's first page shows it); oldest first, at the end.
    expect(seen).toEqual(newestFirst ? before : [...before, added]);
  });

  it("refuses a cursor it did not give, one of another list, and offset with after (400 validation_failed)", async () => {
    const list = lists[i]!;
    const cursor = (await list.read("limit=1")).headers.get("x-next-cursor")!;
    const otherList = (await lists[(i + 1) % lists.length]!.read("limit=1")).headers.get("x-next-cursor")!;
    const tampered = Buffer.from(
      Buffer.from(cursor, "base64url")
        .toString()
        .replace(/\d(?=\D*$)/, "x"),
    ).toString("base64url");
    for (const [query, path] of [
      ["after=not-a-cursor", "after"],
      [`after=${tampered}`, "after"],
      [`after=${otherList === cursor ? "x" : otherList}`, "after"],
      ["after=" + "A".repeat(500), "after"],
      [`offset=0&after=${cursor}`, "offset"],
    ] as const) {
      const res = await list.read(query);
      expectProblem(res, 400, "validation_failed");
      expect(res.body.errors, query).toEqual([expect.objectContaining({ path })]);
    }
  });
});

describe("offset paging, kept for the seed's contract", () => {
  it("still pages by offset and answers the cursor of the page after it", async () => {
    const list = lists[0]!;
    const all = ids(await list.read("limit=1000"));
    const second = await list.read("offset=1&limit=1");
    expect(ids(second)).toEqual([all[1]]);
    expect(ids(await list.read(`limit=1&after=${second.headers.get("x-next-cursor")}`))).toEqual([all[2]]);
  });
});
