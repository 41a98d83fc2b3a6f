import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { setClock } from "@/lib/clock";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { clientKey } from "../helpers/api";
import { fileRequest, requestBody } from "../helpers/fixtures";
import { insertEarlyRequests, withDatabaseBefore } from "../helpers/migrated-before";
import { patchRelease } from "../helpers/patch";
import { setupTestDb } from "../helpers/test-db";

// Issue 13 item 4: each request carries its release's part of the notices' due date (migration 0023's triggers), so
// the staff dashboard counts deadlines from one index of the open requests. The kept day must always be the one its
// release says, whoever writes the request or the release.
const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let key: string;
afterAll(() => setClock(undefined));

beforeAll(async () => {
  key = (await clientKey(db(), "Due On Records")).key;
});

const rows = async <T>(query: ReturnType<typeof sql>, on: Db = db()) =>
  (await on.execute<T & Record<string, unknown>>(query)).rows;

/** Every request whose kept day is not the day before its release's month begins (none when they are true). */
const drift = (on: Db = db()) =>
  rows(
    sql`select r.id, r.release_due_on, make_date(l.release_year, l.release_month, 1) - 1 real from requests r join releases l on l.id = r.release_id
      where r.release_due_on <> make_date(l.release_year, l.release_month, 1) - 1`,
    on,
  );
const keptDay = async (id: number) =>
  (await rows<{ day: string }>(sql`select release_due_on::text as day from requests where id = ${id}`))[0]!.day;
const deadlines = async () => {
  const dashboard = await getDashboard(db(), employee);
  if (dashboard.kind !== "employee") throw new Error("not the staff dashboard");
  return dashboard.deadlines;
};
const fileFor = (releaseMonth: number, releaseYear: number, title: string) =>
  fileRequest(
    key,
    requestBody({
      track: {
        song: { title, originalRecordingArtist: "Someone" },
        releases: [{ formatId: 1002, releaseQuantity: 10, releaseMonth, releaseYear }],
      },
    }),
  );

describe("the release's part of a request's due date, kept by the database", () => {
  it("follows filing, the release's new month and hand-written updates", async () => {
    setClock(new Date("2031-01-03T15:00:00Z"));
    const march = await fileFor(3, 2031, "March Song");
    expect(await keptDay(march.id)).toBe("2031-02-28");
    const february = await fileFor(2, 2031, "February Song");
    expect(await keptDay(february.id)).toBe("2031-01-31");
    expect(await drift()).toEqual([]);

    // On the 3rd the client moves the release to January: its notices are now due by December 31, and on the 27th
    // that has passed, for the dashboard as for the queue.
    setClock(new Date("2031-01-27T15:00:00Z"));
    const before = await deadlines();
    setClock(new Date("2031-01-03T16:00:00Z"));
    expect((await patchRelease(key, march.trackId, march.releaseId, { releaseMonth: 1 })).status).toBe(200);
    expect(await keptDay(march.id)).toBe("2030-12-31");
    expect(await drift()).toEqual([]);
    setClock(new Date("2031-01-27T15:00:00Z"));
    const after = await deadlines();
    expect(after).toEqual({ overdue: before.overdue + 1, soon: before.soon });
    const overdue = await listQueue(db(), employee, queueQuery.parse({ due: "overdue", q: "March Song" }));
    expect(overdue.items.map((i) => [i.id, i.dueOn, i.deadline])).toEqual([[march.id, "2030-12-31", "overdue"]]);
    expect(after.overdue).toBe((await listQueue(db(), employee, queueQuery.parse({ due: "overdue" }))).total);

    // Any writer keeps it: the release's year changed by hand, a request moved to another release by hand.
    await db().execute(sql`update releases set release_year = 2032 where id = ${march.releaseId}`);
    expect(await keptDay(march.id)).toBe("2031-12-31");
    await db().execute(sql`update requests set release_id = ${february.releaseId} where id = ${march.id}`);
    expect(await keptDay(march.id)).toBe("2031-01-31");
    // The kept day cannot be written by hand: it is read again from the release.
    await db().execute(sql`update requests set release_due_on = '2040-01-01' where id = ${march.id}`);
    expect(await keptDay(march.id)).toBe("2031-01-31");
    expect(await drift()).toEqual([]);
  });

  it("is backfilled for the requests already in the database", async () => {
    await withDatabaseBefore("_release_due_on", { account: "Before Due On", tracks: 2 }, async (handle) => {
      await insertEarlyRequests(handle, "new");
      await handle.migrate();
      expect(await drift(handle.db)).toEqual([]);
      expect(await rows(sql`select release_due_on::text as day from requests order by id`, handle.db)).toEqual([
        { day: "2026-12-31" },
        { day: "2026-12-31" },
      ]);
    });
    // Migrating a new database up to the migration before, then on, is most of this test's time.
  }, 120_000);
});
