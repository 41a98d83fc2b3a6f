import { beforeAll, describe, expect, it } from "vitest";
import * as acknowledgeRoute from "@/app/api/requests/[id]/acknowledge-changes/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import * as eventsRoute from "@/app/api/requests/[id]/events/route";
import { eq } from "drizzle-orm";
import { releases } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { listQueue } from "@/lib/staff/list-queue";
import { queueQuery } from "@/lib/staff/queue-query";
import { call, clientKey, staffKey } from "../helpers/api";
import { patchRelease, patchTrack } from "../helpers/patch";
import { expectProblem } from "../helpers/problem";
import { addSong, requestIn } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;
const employee: Actor = { kind: "employee", name: "Sam", userId: null, apiKeyId: null };

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Changes Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

type View = { id: number; trackId: number; releaseId: number; royalty: { total: string }; changedSinceReady?: unknown };
const view = async (key: string, id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key, params: { id: String(id) } })).body as View;
const notes = async (id: number) =>
  (
    (await call(eventsRoute.GET, "GET", `/api/requests/${id}/events`, { key: keys.client, params: { id: String(id) } }))
      .body as { note: string | null }[]
  )
    .map((e) => e.note)
    .filter((n): n is string => n?.startsWith("Changed after ready") ?? false);
const acknowledge = (key: string, id: number) =>
  call(acknowledgeRoute.POST, "POST", `/api/requests/${id}/acknowledge-changes`, { key, params: { id: String(id) } });
const queueRow = async (id: number) =>
  (await listQueue(db(), employee, queueQuery.parse({ status: "all", q: `#${id}` }))).items[0];

/** The request's release a month later than filed (always allowed: later is never too early). */
async function aMonthLater(r: View) {
  const [release] = await db().select().from(releases).where(eq(releases.id, r.releaseId));
  const { releaseMonth: m, releaseYear: y } = release!;
  return m === 12 ? { releaseMonth: 1, releaseYear: y + 1 } : { releaseMonth: m + 1 };
}

// The fixture's request: format 1002, 1000 units, 200 seconds.
const CHANGES = [
  {
    field: "units",
    change: (r: View) => patchRelease(keys.client, r.trackId, r.releaseId, { releaseQuantity: 2000 }),
    says: "units 1000 → 2000",
  },
  {
    field: "format",
    change: (r: View) => patchRelease(keys.client, r.trackId, r.releaseId, { formatId: 1004 }),
    says: "format 1002 → 1004",
  },
  {
    field: "release month",
    change: async (r: View) => patchRelease(keys.client, r.trackId, r.releaseId, await aMonthLater(r)),
    says: "release month",
  },
  {
    field: "length",
    change: (r: View) => patchTrack(keys.client, r.trackId, { lengthInSeconds: 400 }),
    says: "length (seconds) 200 → 400",
  },
];

describe("a client's change after ready", () => {
  it.each(CHANGES)(
    "to the $field is on the timeline and flags the request for the staff, with the royalty before and now",
    async ({ change, says }) => {
      const id = await requestIn(keys, "ready", song);
      const before = await view(keys.staff, id);
      expect(before.changedSinceReady).toBeNull();
      expect((await change(before)).status).toBe(200);

      const after = await view(keys.staff, id);
      expect(after.changedSinceReady).toEqual({
        since: expect.any(String),
        royaltyBefore: before.royalty.total,
        royaltyNow: after.royalty.total,
      });
      const [note] = await notes(id);
      expect(note).toContain(says);
      expect(note).toContain(`Royalty $${before.royalty.total} → $${after.royalty.total}.`);
      expect((await queueRow(id))?.changedSinceReady).toEqual({
        royaltyBefore: before.royalty.total,
        royaltyNow: after.royalty.total,
      });
      // The flag is the staff's: the client's own view does not carry it.
      expect(await view(keys.client, id)).not.toHaveProperty("changedSinceReady");
    },
  );

  it("keeps the royalty the staff last saw through further changes, until an employee acknowledges", async () => {
    const id = await requestIn(keys, "need_payment", song);
    const first = await view(keys.staff, id);
    await patchRelease(keys.client, first.trackId, first.releaseId, { releaseQuantity: 2000 });
    await patchRelease(keys.client, first.trackId, first.releaseId, { releaseQuantity: 3000 });
    const changed = await view(keys.staff, id);
    expect(changed.changedSinceReady).toMatchObject({
      royaltyBefore: first.royalty.total,
      royaltyNow: changed.royalty.total,
    });
    expect(await notes(id)).toHaveLength(2);

    const res = await acknowledge(keys.staff, id);
    expect(res.status).toBe(200);
    expect(res.body.changedSinceReady).toBeNull();
    expect((await queueRow(id))?.changedSinceReady).toBeNull();
    // Acknowledging again changes nothing.
    expect((await acknowledge(keys.staff, id)).body.changedSinceReady).toBeNull();
  });

  it("cannot be acknowledged by the client", async () => {
    const id = await requestIn(keys, "ready", song);
    const r = await view(keys.staff, id);
    await patchRelease(keys.client, r.trackId, r.releaseId, { releaseQuantity: 2000 });
    expectProblem(await acknowledge(keys.client, id), 403, "forbidden");
    expect((await view(keys.staff, id)).changedSinceReady).not.toBeNull();
  });
});

describe("changes that raise no flag", () => {
  it.each(["new", "need_info"] as const)("a client's change while the request is %s (before ready)", async (status) => {
    const id = await requestIn(keys, status, song);
    const r = await view(keys.staff, id);
    expect((await patchRelease(keys.client, r.trackId, r.releaseId, { releaseQuantity: 2000 })).status).toBe(200);
    expect((await view(keys.staff, id)).changedSinceReady).toBeNull();
    expect(await notes(id)).toEqual([]);
  });

  it("an employee's own correction after ready", async () => {
    const id = await requestIn(keys, "ready", song);
    const r = await view(keys.staff, id);
    expect((await patchRelease(keys.staff, r.trackId, r.releaseId, { releaseQuantity: 2000 })).status).toBe(200);
    expect((await view(keys.staff, id)).changedSinceReady).toBeNull();
  });
});
