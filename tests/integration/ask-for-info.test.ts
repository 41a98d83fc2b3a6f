import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { askForInfo } from "@/lib/workflow/ask-for-info";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();
const employee: Actor = { kind: "employee", name: "Sam Staff", userId: null, apiKeyId: null };
let key: string;
let accountId: number;

beforeAll(async () => {
  ({ key, accountId } = await clientKey(db(), "Need Info Records"));
});

describe("asking the client for information (Need info)", () => {
  it("moves the request and posts the note publicly on its album's wall, with the staff email, at once", async () => {
    const { id, albumId } = await fileRequest(key);
    const view = await askForInfo(db(), employee, id, {
      note: "Which arrangement is it: the 1965 or the 1966 one?",
      noteVisibility: "public",
    });
    expect(view.status.code).toBe("need_info");
    const posts = await db().select().from(wallPosts).where(eq(wallPosts.albumId, albumId));
    expect(posts.map((p) => [p.message, p.visibility, p.authorKind])).toEqual([
      ["Which arrangement is it: the 1965 or the 1966 one?", "public", "employee"],
    ]);
    const licensee: Actor = { kind: "licensee", name: "Lee", accountId, licenseeId: view.licenseeId, userId: 1 };
    const timeline = await requestTimeline(db(), licensee, id);
    expect(timeline.at(-1)).toMatchObject({
      to: { code: "need_info" },
      note: "Which arrangement is it: the 1965 or the 1966 one?",
    });
    const mail = await db().select().from(outboxMessages);
    expect(mail.some((m) => m.subject.includes("Covers Vol. 1"))).toBe(true);
  });

  it.each([
    ["without a note", { note: null, noteVisibility: "public" as const }],
    ["with a private note", { note: "internal only", noteVisibility: "private" as const }],
    ["with a staff-only note", { note: "internal only", noteVisibility: "staff" as const }],
  ])("is refused %s, and nothing changes", async (_case, input) => {
    const { id, albumId } = await fileRequest(key);
    await expect(askForInfo(db(), employee, id, input)).rejects.toMatchObject({
      code: "validation_failed",
      errors: [{ path: "note", message: expect.stringContaining("posted publicly on the album's wall") }],
    });
    expect(await db().select().from(wallPosts).where(eq(wallPosts.albumId, albumId))).toEqual([]);
  });

  it("writes no post when the move is not allowed (need_info → need_info)", async () => {
    const { id, albumId } = await fileRequest(key);
    await askForInfo(db(), employee, id, { note: "first", noteVisibility: "public" });
    await expect(askForInfo(db(), employee, id, { note: "again", noteVisibility: "public" })).rejects.toMatchObject({
      code: "invalid_transition",
    });
    const posts = await db().select().from(wallPosts).where(eq(wallPosts.albumId, albumId));
    expect(posts.map((p) => p.message)).toEqual(["first"]);
  });
});
