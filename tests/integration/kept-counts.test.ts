import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import * as wallPostRoute from "@/app/api/tracks/[id]/wallposts/[wallPostId]/route";
import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { drainImports } from "@/lib/imports/drain-imports";
import { STATUS_CODES } from "@/lib/requests/statuses";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";
import { listWallThreads } from "@/lib/wall/list-wall-threads";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { importRow, postCheckedImport } from "../helpers/imports";
import { cancel, setStatus } from "../helpers/staff";
import { withDatabaseBefore } from "../helpers/migrated-before";
import { setupTestDb } from "../helpers/test-db";
import { licenseeActor, postToWall, readWall } from "../helpers/wall";

// Issue 13 item 4: totals and dashboards read counts the database keeps (migration 0020's triggers); they must stay
// exactly what count(*) says through every way of writing.
const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Counts Staff", userId: null, apiKeyId: null };
let staff: string;
let label: { key: string; accountId: number };
let other: { key: string; accountId: number };

beforeAll(async () => {
  staff = await staffKey(db());
  label = await clientKey(db(), "Counted Records");
  other = await clientKey(db(), "Other Counted Records");
});

const rows = async <T>(query: ReturnType<typeof sql>, on: Db = db()) =>
  (await on.execute<T & Record<string, unknown>>(query)).rows;

/** The kept counts against a real count(*): every difference, keyed (none when they are true). */
async function drift(on: Db = db()) {
  return rows(
    sql`
    select 'requests' what, account_id::text k, status_code::text s, real, kept from (
      select coalesce(r.account_id, k.account_id) account_id, coalesce(r.status_code, k.status_code) status_code,
        coalesce(r.n, 0) real, coalesce(k.n, 0) kept
      from (select account_id, status_code, count(*)::int n from requests group by 1, 2) r
      full join (select account_id, status_code, sum(n)::int n from request_counts group by 1, 2) k
        on k.account_id = r.account_id and k.status_code = r.status_code) d where real <> kept
    union all
    select 'wall_posts', album_id || '/' || top_level, visibility::text, real, kept from (
      select coalesce(r.album_id, k.album_id) album_id, coalesce(r.visibility, k.visibility) visibility,
        coalesce(r.top_level, k.top_level) top_level, coalesce(r.n, 0) real, coalesce(k.n, 0) kept
      from (select album_id, visibility, parent_id is null top_level, count(*)::int n from wall_posts group by 1, 2, 3) r
      full join wall_post_counts k on k.album_id = r.album_id and k.visibility = r.visibility and k.top_level = r.top_level) d
    where real <> kept`,
    on,
  );
}

const realCount = async (where: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(sql`select count(*)::int n from requests where ${where}`))[0]!.n;
const listTotal = async (key: string, query?: string) => {
  const res = await call(requestsRoute.GET, "GET", "/api/requests", {
    key,
    query: query ? `${query}&limit=1` : "limit=1",
  });
  return Number(res.headers.get("x-total-count"));
};
const titled = (title: string) => requestBody({ track: { song: { title, originalRecordingArtist: "Someone" } } });
const remove = (key: string, trackId: number, postId: number) =>
  call(wallPostRoute.DELETE, "DELETE", `/api/tracks/${trackId}/wallposts/${postId}`, {
    key,
    params: { id: String(trackId), wallPostId: String(postId) },
  });

describe("counts kept by the database", () => {
  it("follow creates, status moves and cancellations, and the totals, the dashboards and the queue read them", async () => {
    const filed = [];
    for (let i = 0; i < 4; i++) filed.push(await fileRequest(label.key, titled(`Counted ${i}`)));
    await fileRequest(other.key);
    expect((await setStatus(staff, filed[0]!.id, { code: "need_info", note: "Which version?" })).status).toBe(200);
    expect((await setStatus(staff, filed[1]!.id, { code: "cannot_license", reason: "changed_lyrics" })).status).toBe(
      200,
    );
    expect((await cancel(label.key, filed[2]!.id)).status).toBe(200);
    expect(await drift()).toEqual([]);

    expect(await listTotal(label.key)).toBe(4);
    expect(await listTotal(label.key, "status=new,need_info")).toBe(2);
    expect(await listTotal(staff)).toBe(await realCount(sql`true`));
    const client: Actor = {
      kind: "client",
      name: "Counted",
      accountId: label.accountId,
      role: "admin",
      userId: null,
      apiKeyId: null,
    };
    const dashboard = await getDashboard(db(), client);
    expect(dashboard.kind === "client" && dashboard.counts).toEqual({
      ...Object.fromEntries(STATUS_CODES.map((c) => [c, 0])),
      new: 1,
      need_info: 1,
      cannot_license: 1,
      cancelled: 1,
    });
    const staffView = await getDashboard(db(), employee);
    for (const code of STATUS_CODES)
      expect(staffView.kind === "employee" && staffView.counts[code]).toBe(await realCount(sql`status_code = ${code}`));
    const open = await listQueue(db(), employee, queueQuery.parse({ account: String(label.accountId) }));
    expect(open.total).toBe(2);
    expect(
      (await listQueue(db(), employee, queueQuery.parse({ account: String(label.accountId), waiting: "client" })))
        .total,
    ).toBe(1);
    // A filter the counts are not kept by (a search) still counts the rows.
    expect(
      (await listQueue(db(), employee, queueQuery.parse({ account: String(label.accountId), q: "Counted 3" }))).total,
    ).toBe(1);
  });

  it("count the requests an import files", async () => {
    const before = await listTotal(label.key);
    await postCheckedImport(db(), label.key, [
      importRow("Imported A", "a"),
      importRow("Imported B", "a"),
      importRow("Imported C"),
    ]);
    await drainImports(db());
    expect(await listTotal(label.key)).toBe(before + 3);
    expect(await drift()).toEqual([]);
  });

  it("count a wall's posts through replies, deletions (with the replies they take or leave) and visibility changes", async () => {
    const request = await fileRequest(label.key);
    const track = request.trackId;
    const wall = { albumId: request.albumId };
    const licensee = await licenseeActor(
      db(),
      { accountId: label.accountId, licenseeId: request.licenseeId },
      "counted-licensee@example.com",
    );
    const root = await createWallPost(db(), licensee, wall, { message: "Root", parentId: null });
    const note = (await postToWall(staff, track, { message: "Staff note", parentId: root.id, visibility: "staff" }))
      .body.id as number;
    await postToWall(staff, track, { message: "Under the note", parentId: note, visibility: "staff" });
    const second = (await postToWall(label.key, track, { message: "Second", visibility: "private" })).body.id as number;
    await postToWall(staff, track, { message: "Under second", parentId: second });
    expect(await drift()).toEqual([]);
    expect((await readWall(label.key, track)).headers.get("x-total-count")).toBe("3"); // not the staff notes
    expect((await readWall(staff, track, "isprivate=true")).headers.get("x-total-count")).toBe("4");

    // A licensee deleting its post keeps the replies: the staff note moves up to the top level.
    await deleteWallPost(db(), licensee, wall, root.id);
    expect(await drift()).toEqual([]);
    const threads = await listWallThreads(db(), employee, request.albumId, { offset: 0 });
    expect(threads.threads.map((t) => t.message)).toEqual(["Second", "Staff note"]);
    expect(threads.total).toBe(2);

    // Staff deleting a post takes its replies (the foreign key cascades).
    expect((await remove(staff, track, second)).status).toBe(204);
    expect(await drift()).toEqual([]);
    expect((await readWall(staff, track)).headers.get("x-total-count")).toBe("2");
    // No writer changes a post's visibility yet; the triggers keep any writer true.
    await db().execute(sql`update wall_posts set visibility = 'public' where id = ${note}`);
    expect(await drift()).toEqual([]);
    expect((await listWallThreads(db(), licensee, request.albumId, { offset: 0 })).total).toBe(1);
  });

  it("stay true over random sequences of creates, moves, cancellations, imports, posts, deletions and visibility changes", async () => {
    const requests: { id: number; trackId: number; albumId: number }[] = [];
    const posts: { id: number; trackId: number }[] = [];
    const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
    const op = fc.record({
      kind: fc.constantFrom(
        "create",
        "create",
        "move",
        "move",
        "cancel",
        "import",
        "post",
        "post",
        "reply",
        "delete",
        "visibility",
      ),
      n: fc.nat(),
      code: fc.constantFrom("need_info", "ready", "cannot_license", "new"),
      visibility: fc.constantFrom("public", "private", "staff"),
    });
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    async function apply({ kind, n, code, visibility }: Op) {
      const key = n % 3 === 0 ? other.key : label.key;
      const request = pick(requests, n);
      const post = pick(posts, n);
      switch (kind) {
        case "create": {
          const r = await fileRequest(key, titled(`Random ${requests.length}`));
          requests.push({ id: r.id, trackId: r.trackId, albumId: r.albumId });
          return;
        }
        case "move":
          if (request)
            await setStatus(
              staff,
              request.id,
              code === "need_info"
                ? { code, note: "Which?" }
                : code === "cannot_license"
                  ? { code, reason: "other", note: "No" }
                  : { code },
            );
          return;
        case "cancel":
          if (request) await cancel(staff, request.id);
          return;
        case "import":
          await postCheckedImport(db(), key, [importRow(`Import ${n}`), importRow(`Import ${n} B`)]);
          await drainImports(db());
          return;
        case "post":
        case "reply": {
          if (!request) return;
          const parentId = kind === "reply" && post?.trackId === request.trackId ? post.id : undefined;
          const res = await postToWall(staff, request.trackId, { message: `Post ${n}`, visibility, parentId });
          if (res.status === 201) posts.push({ id: res.body.id, trackId: request.trackId });
          return;
        }
        case "delete":
          if (post) await remove(staff, post.trackId, post.id);
          return;
        case "visibility":
          if (post) await db().execute(sql`update wall_posts set visibility = ${visibility} where id = ${post.id}`);
          return;
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          await apply(o);
          expect(await drift()).toEqual([]);
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);

  it("end right after many creates of one account at once", async () => {
    const before = await listTotal(label.key);
    await Promise.all(Array.from({ length: 16 }, (_, i) => fileRequest(label.key, titled(`Parallel ${i}`))));
    expect(await listTotal(label.key)).toBe(before + 16);
    expect(await drift()).toEqual([]);
  });
});

describe("migration 0020", () => {
  it("counts the requests and wall posts already in the database", async () => {
    // A database migrated up to the migration before the counts, with rows, then migrated on.
    await withDatabaseBefore("_counts", { account: "Before Counts", tracks: 5 }, async (handle) => {
      await handle.db.execute(sql`
        insert into requests (account_id, track_id, release_id, kind, status_code, royalty_per_unit, royalty_quantity, royalty_total, service_fee, fee_schedule_id)
        select t.account_id, t.id, r.id, 'initial', case when t.id % 2 = 0 then 'new' else 'licensed' end::status_code, 1310, 1000, 1310000, 1500,
          (select min(id) from fee_schedules)
        from tracks t join releases r on r.album_id = t.album_id`);
      await handle.db.execute(sql`
        insert into wall_posts (account_id, album_id, message, visibility, author_kind, author_name)
        select account_id, id, 'Early post', v, 'client', 'Early' from albums, unnest(array['public', 'private', 'private']::visibility[]) v`);
      await handle.migrate();
      expect(await drift(handle.db)).toEqual([]);
      expect(
        await rows(sql`select status_code, sum(n)::int n from request_counts group by 1 order by 1`, handle.db),
      ).toEqual([
        { status_code: "new", n: 2 },
        { status_code: "licensed", n: 3 },
      ]);
    });
    // Migrating a new database up to the migration before, then on, is most of this test's time.
  }, 120_000);
});
