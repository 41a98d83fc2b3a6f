import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as cancelRoute from "@/app/api/requests/[id]/cancel/route";
import * as requestRoute from "@/app/api/requests/[id]/route";
import { requests, requestStatusEvents, songOwners } from "@/db/schema";
import { STATUS_CODES, TRANSITIONS, type StatusCode } from "@/lib/requests/statuses";
import { call, clientKey, staffKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { invoiceAndPay } from "../helpers/money";
import { addSong, cancel, linkSong, requestIn, serve, setStatus, songBody } from "../helpers/staff";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
let keys: { client: string; staff: string };
let song: Awaited<ReturnType<typeof addSong>>;

beforeAll(async () => {
  keys = { client: (await clientKey(db(), "Status Records")).key, staff: await staffKey(db()) };
  song = await addSong(keys.staff);
});

const statusOf = async (id: number) =>
  (await call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.client, params: { id: String(id) } })).body
    .status.code as StatusCode;

describe("the state machine (every allowed transition)", () => {
  const employeeMoves = (Object.keys(TRANSITIONS) as StatusCode[]).flatMap((from) =>
    TRANSITIONS[from].filter((to) => to !== "cancelled" && to !== "licensed").map((to) => [from, to] as const),
  );

  it.each(employeeMoves)("an employee moves %s → %s and the step is on the timeline", async (from, to) => {
    const id = await requestIn(keys, from, song);
    if (to === "ready") expect((await linkSong(keys.staff, id, song.id)).status).toBe(200);
    const body =
      to === "cannot_license"
        ? { code: to, reason: "not_us_copyright", note: "A UK-only work" }
        : to === "need_info"
          ? { code: to, note: "Which version is it?" }
          : { code: to };
    // Licensing begins when the invoice is paid in full (by the employee who records the payment), not by hand.
    const res =
      to === "in_progress"
        ? await invoiceAndPay(keys, [id]).then(() =>
            call(requestRoute.GET, "GET", `/api/requests/${id}`, { key: keys.staff, params: { id: String(id) } }),
          )
        : await setStatus(keys.staff, id, body);
    expect(res.status).toBe(200);
    expect(res.body.status.code).toBe(to);
    if (to === "cannot_license") expect(res.body.status.reason).toBe("not_us_copyright");
    expect(res.body.licensingBegun).toBe(to === "in_progress");
    const [last] = await db()
      .select()
      .from(requestStatusEvents)
      .where(eq(requestStatusEvents.requestId, id))
      .orderBy(requestStatusEvents.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ fromCode: from, toCode: to, actorKind: "employee" });
  });

  it.each(["new", "need_info", "ready"] as const)("the client cancels a request in %s", async (from) => {
    const id = await requestIn(keys, from, song);
    const res = await cancel(keys.client, id);
    expect(res.status).toBe(200);
    expect(res.body.status.code).toBe("cancelled");
  });

  it("in_progress → licensed happens when the last owner's notice is served", async () => {
    const id = await requestIn(keys, "in_progress", song);
    expect((await serve(keys.staff, id, song.owners[0]!.id)).body.status.code).toBe("in_progress");
    const res = await serve(keys.staff, id, song.owners[1]!.id);
    expect(res.body.status.code).toBe("licensed");
    const [row] = await db().select().from(requests).where(eq(requests.id, id));
    expect(row?.licensedAt).not.toBeNull();
  });
});

describe("every transition outside the state machine is refused", () => {
  for (const from of STATUS_CODES) {
    it(`from ${from}`, async () => {
      const id = await requestIn(keys, from, song);
      for (const to of STATUS_CODES) {
        if (TRANSITIONS[from].includes(to) && to !== "licensed") continue;
        if (to === "cancelled") continue; // the client's move, tested below
        const body =
          to === "cannot_license"
            ? { code: to, reason: "other" }
            : to === "need_info"
              ? { code: to, note: "Which?" }
              : { code: to };
        const res = await setStatus(keys.staff, id, body);
        expect([to, res.status, res.body.code]).toEqual([to, 409, "invalid_transition"]);
      }
      expect(await statusOf(id)).toBe(from);
    });
  }

  it.each(["in_progress", "licensed", "cannot_license", "cancelled"] as const)(
    "the client cannot cancel a request in %s",
    async (from) => {
      const id = await requestIn(keys, from, song);
      const res = await cancel(keys.client, id);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("invalid_transition");
      expect(await statusOf(id)).toBe(from);
    },
  );
});

describe("guards", () => {
  it("ready needs a linked song", async () => {
    const { id } = await fileRequest(keys.client);
    const res = await setStatus(keys.staff, id, { code: "ready" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_transition");
    expect(res.body.detail).toMatch(/link the request's track to a catalog song/i);
  });

  it("ready needs the linked song's owner shares to sum to 100%", async () => {
    const partial = await addSong(keys.staff, songBody({ title: "Half Known" }));
    // The catalog API refuses such a song; an owner lost later (e.g. removed by hand) must still block licensing.
    await db().delete(songOwners).where(eq(songOwners.id, partial.owners[1]!.id));
    const { id } = await fileRequest(keys.client);
    expect((await linkSong(keys.staff, id, partial.id)).status).toBe(200);
    const res = await setStatus(keys.staff, id, { code: "ready" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_transition");
    expect(res.body.detail).toContain("sum to 60%, not 100%");
    expect(await statusOf(id)).toBe("new");
  });

  it("in_progress re-checks the shares, in case the song changed after ready", async () => {
    const changing = await addSong(keys.staff, songBody({ title: "Changing Hands" }));
    const id = await requestIn(keys, "ready", changing);
    await db().delete(songOwners).where(eq(songOwners.id, changing.owners[0]!.id));
    expect((await setStatus(keys.staff, id, { code: "need_payment" })).status).toBe(200);
    await invoiceAndPay(keys, [id]); // paid, but its shares no longer add up: it stays
    expect(await statusOf(id)).toBe("need_payment");
    const res = await setStatus(keys.staff, id, { code: "in_progress" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("sum to 40%");
    expect(await statusOf(id)).toBe("need_payment");
  });

  it("cannot_license needs a reason from the list, and a reason goes only with cannot_license", async () => {
    const { id } = await fileRequest(keys.client);
    const none = await setStatus(keys.staff, id, { code: "cannot_license" });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "validation_failed", errors: [{ path: "reason" }] });
    const unknown = await setStatus(keys.staff, id, { code: "cannot_license", reason: "too_loud" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe("reason");
    const misplaced = await setStatus(keys.staff, id, { code: "need_info", reason: "other" });
    expect(misplaced.status).toBe(400);
    const badCode = await setStatus(keys.staff, id, { code: "done" });
    expect(badCode.body.errors[0].path).toBe("code");
    expect(await statusOf(id)).toBe("new");
  });

  it("employees cannot cancel (403): cancelling is the client's decision", async () => {
    const { id } = await fileRequest(keys.client);
    const viaStatus = await setStatus(keys.staff, id, { code: "cancelled" });
    expect(viaStatus.status).toBe(403);
    expect(viaStatus.body.code).toBe("forbidden");
    const viaCancel = await cancel(keys.staff, id);
    expect(viaCancel.status).toBe(403);
    expect(await statusOf(id)).toBe("new");
  });

  it("the client cannot move statuses (403), and cannot cancel another account's request (404)", async () => {
    const { id } = await fileRequest(keys.client);
    const res = await setStatus(keys.client, id, { code: "need_info" });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    const other = await clientKey(db(), "Other Status Records");
    const foreign = await cancel(other.key, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    expect(await statusOf(id)).toBe("new");
  });

  it("an unknown request is 404 for staff", async () => {
    const res = await setStatus(keys.staff, 999999, { code: "need_info", note: "Which version is it?" });
    expect(res.status).toBe(404);
  });

  it("a note can be private, and the cancel note is recorded", async () => {
    const { id } = await fileRequest(keys.client);
    await linkSong(keys.staff, id, song.id);
    await setStatus(keys.staff, id, { code: "ready", note: "Internal: check label copy", notePrivate: true });
    const res = await call(cancelRoute.POST, "POST", `/api/requests/${id}/cancel`, {
      key: keys.client,
      params: { id: String(id) },
      body: { note: "The album was shelved" },
    });
    expect(res.status).toBe(200);
    const events = await db().select().from(requestStatusEvents).where(eq(requestStatusEvents.requestId, id));
    expect(events.slice(-2)).toMatchObject([
      { toCode: "ready", note: "Internal: check label copy", noteVisibility: "private", actorKind: "employee" },
      { toCode: "cancelled", note: "The album was shelved", noteVisibility: "public", actorKind: "client" },
    ]);
  });
});
