import { describe, expect, it } from "vitest";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { untilWaitingForLock } from "../helpers/lock-wait";
import { patchAlbum, patchRelease, patchTrack } from "../helpers/patch";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("edit locks are re-checked inside the write transaction", () => {
  it.each([
    ["album title", (key: string, r: Filed) => patchAlbum(key, r.albumId, { title: "Sneaky" })],
    ["track external id", (key: string, r: Filed) => patchTrack(key, r.trackId, { externalTrackId: "sneaky" })],
    ["release quantity", (key: string, r: Filed) => patchRelease(key, r.trackId, r.releaseId, { releaseQuantity: 99 })],
  ])("an edit of the %s racing 'begin licensing' is refused, not slipped through", async (_label, edit) => {
    const { key } = await clientKey(db(), `Race ${_label}`);
    const r = await fileRequest(key);
    let editResult: Awaited<ReturnType<typeof edit>> | undefined;
    let pending: Promise<unknown> | undefined;
    // The edit starts while the licensing transaction holds the album lock and has not committed yet.
    await beginLicensing(db(), r.id, async () => {
      pending = edit(key, r).then((res) => (editResult = res));
      await untilWaitingForLock(db());
      expect(editResult).toBeUndefined(); // it waits for the lock instead of reading stale state
    });
    await pending;
    expect(editResult?.status).toBe(409);
    expect(editResult?.body.code).toBe("licensing_begun");
  });
});

type Filed = Awaited<ReturnType<typeof fileRequest>>;
