import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as eventsRoute from "@/app/api/requests/[id]/events/route";
import * as requestsRoute from "@/app/api/requests/route";
import * as statusRoute from "@/app/api/requests/[id]/status/route";
import * as wallPostRoute from "@/app/api/tracks/[id]/wallposts/[wallPostId]/route";
import { outboxMessages } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { listRequestEvents } from "@/lib/requests/list-request-events";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { findRequestView, requestViews } from "@/lib/requests/request-view";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { listWallPosts } from "@/lib/wall/list-wall-posts";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import type { Visibility } from "@/lib/wall/visibilities";
import { call, staffKey } from "../helpers/api";
import { clientStaff, employee } from "../helpers/people";
import { expectProblem } from "../helpers/problem";
import { setupTestDb } from "../helpers/test-db";
import { albumWithTwoTracks, licenseeActor, postToWall, readWall } from "../helpers/wall";

const db = setupTestDb();
type Reader = { actor: Actor; key: string | null; email: string };
let album: Awaited<ReturnType<typeof albumWithTwoTracks>>;
let requestId: number;
let readers: Record<"employee" | "client" | "licensee", Reader>;

// What each visibility wrote, on the wall and as status notes.
const WALL: Record<Visibility, string> = { public: "W-PUBLIC", private: "W-PRIVATE", staff: "W-STAFF" };
const NOTE: Record<Visibility, string> = { public: "N-PUBLIC", private: "N-PRIVATE", staff: "N-STAFF" };

const move = (key: string, body: unknown) =>
  call(statusRoute.POST, "POST", `/api/requests/${requestId}/status`, { key, body, params: { id: String(requestId) } });

beforeAll(async () => {
  album = await albumWithTwoTracks(db(), "Staff Notes Records");
  requestId = (await requestViews(db(), { accountId: album.accountId }, undefined))[0]!.id;
  const staff = await staffKey(db());
  const sam = await employee(db(), "sam.notes@coverdesk.example");
  const cleo = await clientStaff(db(), "Staff Notes Records", "cleo.notes@client.example");
  const lena = await licenseeActor(db(), album, "lena.notes@example.com");
  readers = {
    employee: { actor: sam.actor, key: staff, email: "sam.notes@coverdesk.example" },
    client: { actor: cleo.actor, key: album.key, email: "cleo.notes@client.example" },
    licensee: { actor: lena, key: null, email: "lena.notes@example.com" },
  };
  // Mailing everyone configured shows which staff notification may reach whom.
  vi.stubEnv(
    "STAFF_NOTIFY_EMAIL",
    Object.values(readers)
      .map((r) => r.email)
      .join(","),
  );

  const trackId = album.trackIds[0];
  const pub = await postToWall(album.key, trackId, { message: WALL.public, isPrivate: false });
  expect((await postToWall(staff, trackId, { message: WALL.private, visibility: "private" })).status).toBe(201);
  expect((await postToWall(staff, trackId, { message: WALL.staff, visibility: "staff" })).status).toBe(201);
  // A staff-only reply under a public post, and a reply under it asked as public: both stay in the building.
  const reply = await postToWall(staff, trackId, {
    message: `${WALL.staff} reply`,
    visibility: "staff",
    parentId: pub.body.id,
  });
  const deeper = await postToWall(staff, trackId, {
    message: `${WALL.staff} deeper`,
    isPrivate: false,
    parentId: reply.body.id,
  });
  expect(deeper.body).toMatchObject({ visibility: "staff", isPrivate: true });

  for (const body of [
    { code: "need_info", note: NOTE.public },
    { code: "new", note: NOTE.private, notePrivate: true },
    { code: "need_info", note: "Still missing: the lyrics." },
    { code: "new", note: NOTE.staff, noteVisibility: "staff" },
  ]) {
    expect((await move(staff, body)).status).toBe(200);
  }
});
afterAll(() => vi.unstubAllEnvs());

/** Every read path a client or licensee has to posts and notes (the API for those with a key, else the use case the page reads). */
const READ_PATHS: {
  path: string;
  read: (r: Reader) => Promise<unknown>;
  texts: Partial<Record<Visibility, string>>;
}[] = [
  {
    path: "GET /api/tracks/{trackId}/wallposts",
    texts: WALL,
    read: async (r) =>
      r.key
        ? (await readWall(r.key, album.trackIds[1], "limit=1000")).body
        : listWallPosts(db(), r.actor, { trackId: album.trackIds[1] }, { offset: 0, limit: 1000, sort: "desc" }),
  },
  {
    path: "GET /api/tracks/{trackId}/wallposts?isprivate=true",
    texts: { private: WALL.private, staff: WALL.staff },
    read: async (r) =>
      r.key
        ? (await readWall(r.key, album.trackIds[0], "isprivate=true")).body
        : listWallPosts(
            db(),
            r.actor,
            { trackId: album.trackIds[0] },
            { offset: 0, limit: 100, sort: "desc", isprivate: true },
          ),
  },
  {
    path: "the album wall page",
    texts: WALL,
    read: (r) => listWallThreads(db(), r.actor, album.albumId, { offset: 0 }),
  },
  { path: "the request page's timeline", texts: NOTE, read: (r) => requestTimeline(db(), r.actor, requestId) },
  {
    path: "GET /api/requests/{id}/events",
    texts: NOTE,
    read: async (r) =>
      r.key
        ? (
            await call(eventsRoute.GET, "GET", `/api/requests/${requestId}/events`, {
              key: r.key,
              params: { id: String(requestId) },
            })
          ).body
        : listRequestEvents(db(), r.actor, requestId, { offset: 0, limit: 100 }),
  },
  {
    path: "GET /api/requests/{id} (the latest note)",
    texts: { staff: NOTE.staff },
    read: async (r) =>
      r.key
        ? (
            await call(requestRoute.GET, "GET", `/api/requests/${requestId}`, {
              key: r.key,
              params: { id: String(requestId) },
            })
          ).body
        : findRequestView(db(), scopeOf(r.actor), requestId),
  },
  {
    path: "GET /api/requests (the list)",
    texts: { staff: NOTE.staff },
    read: async (r) =>
      r.key
        ? (await call(requestsRoute.GET, "GET", "/api/requests", { key: r.key })).body
        : requestViews(db(), scopeOf(r.actor), undefined),
  },
  {
    // Only the staff dashboard lists wall posts (the newest of every account).
    path: "the dashboard",
    texts: { staff: WALL.staff },
    read: (r) => getDashboard(db(), r.actor),
  },
  {
    // Never a licensee, whatever STAFF_NOTIFY_EMAIL says (docs/product-rules.md, "Notifications").
    path: "emails (the outbox)",
    texts: { private: WALL.private, staff: WALL.staff },
    read: async (r) => (await db().select().from(outboxMessages)).filter((m) => m.recipients.includes(r.email)),
  },
];

// Who reads what (docs/product-rules.md, "Wall posts"): the rule of lib/wall/wall-permissions.ts, written out.
const SEES: Record<keyof typeof readers, Visibility[]> = {
  employee: ["public", "private", "staff"],
  client: ["public", "private"],
  licensee: ["public"],
};

describe("who sees staff-only notes, on every read path", () => {
  const rows = READ_PATHS.flatMap((p) => (Object.keys(SEES) as (keyof typeof SEES)[]).map((who) => ({ ...p, who })));
  it.each(rows)("$path, read by $who", async ({ read, texts, who }) => {
    const text = JSON.stringify(await read(readers[who]));
    for (const [v, marker] of Object.entries(texts) as [Visibility, string][]) {
      expect(text.includes(marker), `${marker} ${SEES[who].includes(v) ? "shown" : "hidden"}`).toBe(
        SEES[who].includes(v),
      );
    }
  });
});

describe("writing staff-only posts and notes", () => {
  it.each([
    ["client staff", () => readers.client.key!, { visibility: "staff" }, 403, "forbidden"],
    [
      "client staff, saying it twice",
      () => readers.client.key!,
      { visibility: "private", isPrivate: true },
      400,
      "validation_failed",
    ],
  ] as const)("is refused to %s", async (_who, key, extra, status, code) => {
    const res = await postToWall(key(), album.trackIds[0], { message: "Shh", ...extra });
    expectProblem(res, status, code);
  });

  it("is refused to licensees, whatever they ask", async () => {
    for (const visibility of ["private", "staff"] as const) {
      await expect(
        createWallPost(
          db(),
          readers.licensee.actor,
          { albumId: album.albumId },
          { message: "Shh", visibility, parentId: null },
        ),
      ).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("is refused as a status note to client staff (status moves are the staff's)", async () => {
    expectProblem(
      await move(readers.client.key!, { code: "cancelled", note: "x", noteVisibility: "staff" }),
      403,
      "forbidden",
    );
  });

  it("lets client staff delete their post without destroying the staff-only replies under it", async () => {
    const root = await postToWall(album.key, album.trackIds[0], { message: "Client root", isPrivate: false });
    const hidden = await postToWall(readers.employee.key!, album.trackIds[0], {
      message: "Staff aside",
      visibility: "staff",
      parentId: root.body.id,
    });
    const remove = await call(
      wallPostRoute.DELETE,
      "DELETE",
      `/api/tracks/${album.trackIds[0]}/wallposts/${root.body.id}`,
      {
        key: album.key,
        params: { id: String(album.trackIds[0]), wallPostId: String(root.body.id) },
      },
    );
    expect(remove.status).toBe(204);
    const left = (await readWall(readers.employee.key!, album.trackIds[0], "limit=1000")).body as {
      id: number;
      parentId: number | null;
    }[];
    expect(left.find((p) => p.id === hidden.body.id)).toMatchObject({ parentId: null });
  });
});
