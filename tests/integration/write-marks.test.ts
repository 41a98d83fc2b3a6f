import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "@/db/schema";
import { writeMarks } from "../helpers/row-counts";
import { setupTestDb } from "../helpers/test-db";

// The portal-access tables prove every refused call wrote nothing by comparing writeMarks before and after it: the
// marks must move on every committed insert, update and delete, and stay put on reads and rolled-back writes.
const db = setupTestDb();

describe("writeMarks", () => {
  it("moves on a committed insert, update or delete, and not on a read or a rolled-back write", async () => {
    const start = await writeMarks(db());
    await db().select().from(accounts);
    expect(await writeMarks(db())).toEqual(start);

    const [account] = await db().insert(accounts).values({ name: "Marked Records" }).returning();
    const inserted = await writeMarks(db());
    expect(inserted.accounts).not.toBe(start.accounts);

    await db()
      .update(accounts)
      .set({ name: "Marked Records" }) // the same value: still a write
      .where(eq(accounts.id, account!.id));
    const updated = await writeMarks(db());
    expect(updated.accounts).not.toBe(inserted.accounts);

    await expect(
      db().transaction(async (tx) => {
        await tx.update(accounts).set({ name: "Rolled Back" }).where(eq(accounts.id, account!.id));
        await tx.insert(accounts).values({ name: "Never Kept" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await writeMarks(db())).toEqual(updated);

    await db().execute(sql`delete from accounts where id = ${account!.id}`);
    const deleted = await writeMarks(db());
    expect(deleted.accounts).not.toBe(updated.accounts);
    expect(Object.keys(deleted)).toEqual(Object.keys(start));
  });
});
