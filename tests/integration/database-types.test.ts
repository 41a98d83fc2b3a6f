import { types, type PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "@/db/client";
import { accounts, dailyDigests } from "@/db/schema";
import { setupTestDb } from "../helpers/test-db";

// Issue 13: on PGlite, drizzle's parsers are installed once on the client instead of passed with every query
// (db/pglite-parsers.ts); values of every type drizzle converts itself still come back as on PostgreSQL.
const db = setupTestDb();

describe("values the database returns, on either driver", () => {
  it("reads a timestamp column back as the same instant, inside a transaction and outside", async () => {
    const suspendedAt = new Date("2026-03-04T05:06:07.123Z");
    const [row] = await db().insert(accounts).values({ name: "Types Timestamp", suspendedAt }).returning();
    expect(row!.suspendedAt).toEqual(suspendedAt);
    expect(row!.dateAdded).toBeInstanceOf(Date);
    const [read] = await db().select().from(accounts).where(eq(accounts.id, row!.id));
    expect(read!.suspendedAt).toEqual(suspendedAt);
    const inTransaction = await db().transaction((tx) => tx.select().from(accounts).where(eq(accounts.id, row!.id)));
    expect(inTransaction[0]!.suspendedAt).toEqual(suspendedAt);
  });

  it("reads a date column back as the same calendar day", async () => {
    await db().insert(dailyDigests).values({ day: "2026-02-28", notices: 0 });
    const rows = await db().transaction((tx) => tx.select({ day: dailyDigests.day }).from(dailyDigests));
    expect(rows).toEqual([{ day: "2026-02-28" }]);
  });

  const types = sql`
    select date '2026-02-28' as day, timestamp '2026-02-28 13:14:15.5' as at, timestamptz '2026-02-28 13:14:15+00' as atz,
           interval '1 day 2 hours' as span, array[1.50, 2]::numeric[] as amounts, array[date '2026-02-28'] as days,
           array[timestamp '2026-02-28 13:14:15'] as ats, array[timestamptz '2026-02-28 13:14:15+00'] as atzs,
           array[interval '3 days'] as spans`;
  const asText = {
    day: "2026-02-28",
    at: "2026-02-28 13:14:15.5",
    atz: expect.stringMatching(/^2026-02-28 \d\d:\d\d:15[+-]\d\d(:\d\d)?$/),
    span: "1 day 02:00:00",
    amounts: "{1.50,2}",
    days: "{2026-02-28}",
    ats: '{"2026-02-28 13:14:15"}',
    atzs: expect.stringMatching(/^\{"2026-02-28 \d\d:\d\d:15[+-]\d\d(:\d\d)?"\}$/),
    spans: '{"3 days"}',
  };

  it("leaves dates, timestamps, intervals and their arrays as PostgreSQL's text in raw queries", async () => {
    expect((await db().execute<Record<string, unknown>>(types)).rows).toEqual([asText]);
    const inTransaction = await db().transaction((tx) => tx.execute<Record<string, unknown>>(types));
    expect(inTransaction.rows).toEqual([asText]);
  });
});

describe("PGlite with drizzle's parsers installed", () => {
  it("still applies a parser a caller passes for another type, outside a transaction and inside", async () => {
    const handle = await createDb({ driver: "pglite" });
    try {
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      const options = { parsers: { [types.INT4]: (value: string) => `#${value}`, [types.DATE]: () => "drizzle's" } };
      const read = "select 6::int4 as n, date '2026-02-28' as day";
      expect((await client.query(read, [], options)).rows).toEqual([{ n: "#6", day: "drizzle's" }]);
      expect((await client.transaction((tx) => tx.query(read, [], options))).rows).toEqual([
        { n: "#6", day: "drizzle's" },
      ]);
      expect((await client.query(read)).rows).toEqual([{ n: 6, day: "2026-02-28" }]);
    } finally {
      await handle.close();
    }
  });
});
