import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDbHandle } from "@/db";
import { albumLockState } from "@/lib/locks/edit-locks";
import { explainer } from "../../scripts/bench-scale-explain";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

// Every edit reads its album's lock state while holding the album's row lock, so every concurrent edit of the album
// waits for this read: a track reordered many times must not make it read all of the track's requests.
describe("an album's lock state", () => {
  it("finds the one request on which licensing has begun among a track's 400 through requests_begun_track_idx", async () => {
    const { key } = await clientKey(db(), "Lock State Records");
    const first = await fileRequest(key);
    const { rows } = await db().execute<{ id: number; release_id: number }>(sql`
      with made as (
        insert into releases (account_id, album_id, format_id, release_month, release_year, release_quantity)
        select account_id, album_id, 1002, 12, 2026, 10 from tracks, generate_series(1, 399) where id = ${first.trackId}
        returning id, account_id)
      insert into requests (account_id, track_id, release_id, kind, royalty_per_unit, royalty_quantity, royalty_total, service_fee, fee_schedule_id)
      select made.account_id, ${first.trackId}, made.id, 'reorder', 1, 10, 10, 100, (select max(id) from fee_schedules) from made
      returning id, release_id`);
    const begun = rows[200]!;
    await db().execute(sql`update requests set licensing_begun_at = now() where id = ${begun.id}`);
    await db().execute(sql`analyze requests`);

    const state = await albumLockState(db(), first.albumId);
    expect(state.albumLicensingBegun).toBe(true);
    expect([...state.releasesLicensingBegun]).toEqual([Number(begun.release_id)]);
    expect([...state.tracksLicensingBegun]).toEqual([first.trackId]);

    const explain = await explainer(await getDbHandle());
    const plan = await explain((conn) => albumLockState(conn, first.albumId));
    expect(plan.indexes).toContain("requests_begun_track_idx");
  });
});
