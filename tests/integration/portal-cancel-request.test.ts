import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestStatusEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { actorFromAuthorization } from "@/lib/auth/api-keys";
import { cancelRequest } from "@/lib/requests/cancel-request";
import { getRequestDetails } from "@/lib/requests/get-request-details";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { STATUS_CODES } from "@/lib/requests/statuses";
import { clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { addSong, cancel, requestIn, songBody } from "../helpers/staff";
import { beginLicensing } from "../helpers/state";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("cancelRequest", () => {
  it("cancels a new request and shows it on the timeline", async () => {
    const { key } = await clientKey(db(), "Cancel Records");
    const client = await actorFromAuthorization(db(), `Bearer ${key}`);
    const request = await fileRequest(key);
    const cancelled = await cancelRequest(db(), client, request.id);
    expect(cancelled.status).toMatchObject({ code: "cancelled", label: "Cancelled" });
    const timeline = await requestTimeline(db(), client, request.id);
    expect(timeline.map((e) => e.to.code)).toEqual(["new", "cancelled"]);
  });

  it("refuses once licensing has begun, and changes nothing", async () => {
    const { key } = await clientKey(db(), "Late Cancel Records");
    const client = await actorFromAuthorization(db(), `Bearer ${key}`);
    const request = await fileRequest(key);
    await beginLicensing(db(), request.id);
    await expect(cancelRequest(db(), client, request.id)).rejects.toMatchObject({ code: "invalid_transition" });
    const events = await db().select().from(requestStatusEvents).where(eq(requestStatusEvents.requestId, request.id));
    expect(events.map((e) => e.toCode)).toEqual(["new"]);
  });

  it("answers another account's request as not found, and is the client's to do", async () => {
    const { key } = await clientKey(db(), "Owner Cancel Records");
    const request = await fileRequest(key);
    const other = await actorFromAuthorization(db(), `Bearer ${(await clientKey(db(), "Other Cancel Records")).key}`);
    await expect(cancelRequest(db(), other, request.id)).rejects.toMatchObject({ code: "not_found" });
    const staff = await actorFromAuthorization(db(), `Bearer ${await staffKey(db())}`);
    await expect(cancelRequest(db(), staff, request.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the request page offers Cancel exactly when cancelling would succeed", () => {
  it.each(STATUS_CODES)("from %s", async (status) => {
    const client = await clientKey(db(), `Cancel Table ${status}`);
    const keys = { client: client.key, staff: await staffKey(db()) };
    const song = await addSong(keys.staff, songBody({ title: `Cancel check ${status}` }));
    const id = await requestIn(keys, status, song);
    const actor: Actor = {
      kind: "client",
      name: "c",
      accountId: client.accountId,
      role: "admin",
      userId: null,
      apiKeyId: null,
    };
    const offered = (await getRequestDetails(db(), actor, id)).actions.cancel.allowed;
    const res = await cancel(keys.client, id);
    expect(res.status === 200).toBe(offered);
  });
});
