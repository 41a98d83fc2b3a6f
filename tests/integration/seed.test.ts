import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogSongs, invoices, requests } from "@/db/schema";
import { seed } from "@/db/seed";
import { STATUS_CODES } from "@/lib/requests/statuses";
import { setupTestDb } from "../helpers/test-db";

const db = setupTestDb();

describe("the demo seed", () => {
  it("makes a catalog and Demo Records requests in every status, and is safe to run twice", async () => {
    await seed(db());
    await seed(db());
    const [songs] = await db().select({ n: count() }).from(catalogSongs);
    expect(songs?.n).toBe(8);
    const rows = await db().select().from(requests);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.statusCode))).toEqual(new Set(STATUS_CODES));
    const refused = rows.find((r) => r.statusCode === "cannot_license");
    expect(refused?.statusReason).toBe("changed_lyrics");
    const licensed = await db().select().from(requests).where(eq(requests.statusCode, "licensed"));
    expect(licensed[0]?.licensedAt).not.toBeNull();
    // Licensing began only after payment: the two requests in licensing were invoiced and paid, and so was the album
    // of three filed last week, whose payment began licensing by itself.
    const paid = await db().select().from(invoices);
    expect(paid.map((i) => i.status)).toEqual(["paid", "paid", "paid"]);
    const backlog = rows.filter((r) => Date.now() - r.dateAdded.getTime() > 7 * 86_400_000);
    expect(backlog.map((r) => r.statusCode)).toEqual(["in_progress", "in_progress", "in_progress"]);
  });
});
