import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Conn } from "@/db/client";
import { insertRow } from "@/db/insert-row";
import { auditEvents, licensees, releaseTracks } from "@/db/schema";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

// Issue 13: filings insert through statements built once and run on whichever connection each call passes. A row must
// land on that connection (inside its transaction, gone with its rollback), exactly as drizzle's insert would write it.
const db = setupTestDb();
let accountId: number;

beforeAll(async () => {
  accountId = (await clientKey(db(), "Insert Row Records")).accountId;
});

const audit = (entityId: string, extra: Partial<typeof auditEvents.$inferInsert> = {}) => ({
  accountId,
  actorKind: "system" as const,
  actorName: "insert-row test",
  action: "test.inserted",
  entityType: "test",
  entityId,
  ...extra,
});
const written = (entityId: string, on: Conn = db()) =>
  on.select().from(auditEvents).where(and(eq(auditEvents.entityType, "test"), eq(auditEvents.entityId, entityId)));

describe("insertRow", () => {
  it("writes inside the transaction it is given, whichever connection the statement was first built on", async () => {
    await insertRow(db(), auditEvents, audit("pool"));
    const rolledBack = db().transaction(async (tx) => {
      await insertRow(tx, auditEvents, audit("rolled back"));
      expect(await written("rolled back", tx)).toHaveLength(1);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    await db().transaction((tx) => insertRow(tx, auditEvents, audit("committed")));
    await insertRow(db(), auditEvents, audit("pool again"));

    expect(await written("rolled back")).toEqual([]);
    for (const id of ["pool", "committed", "pool again"]) expect(await written(id)).toHaveLength(1);
  });

  it("gives undefined columns their default and null columns NULL, and maps values both ways", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const given = await insertRow(db(), auditEvents, audit("given", { detail: { albumId: 7, note: null }, dateAdded: at }), { returning: true });
    const nulled = await insertRow(db(), auditEvents, audit("nulled", { detail: null, accountId: null }), { returning: true });
    const defaulted = await insertRow(db(), auditEvents, audit("defaulted", { detail: undefined }), { returning: true });

    expect(given).toMatchObject({ entityId: "given", detail: { albumId: 7, note: null }, dateAdded: at, accountId });
    expect(nulled).toMatchObject({ entityId: "nulled", detail: null, accountId: null });
    expect(defaulted.dateAdded).toBeInstanceOf(Date);
    expect(defaulted.dateAdded.getTime()).toBeGreaterThan(at.getTime());
    const stored = await db().execute<{ id: string; sqlNull: boolean; kind: string | null }>(
      sql`select entity_id id, detail is null "sqlNull", jsonb_typeof(detail) kind from audit_events where entity_type = 'test' and entity_id in ('given', 'nulled', 'defaulted') order by id`,
    );
    // null is SQL NULL, not the JSON value null.
    expect(stored.rows).toEqual([
      { id: "defaulted", sqlNull: true, kind: null },
      { id: "given", sqlNull: false, kind: "object" },
      { id: "nulled", sqlNull: true, kind: null },
    ]);
  });

  it("skips a row that is already there when asked to", async () => {
    const { key } = await clientKey(db(), "Insert Row Records");
    const filed = await fileRequest(key);
    const link = { releaseId: filed.releaseId, trackId: filed.trackId };
    await insertRow(db(), releaseTracks, link, { onConflictDoNothing: true });
    await db().transaction((tx) => insertRow(tx, releaseTracks, link, { onConflictDoNothing: true }));

    const links = await db().select().from(releaseTracks).where(eq(releaseTracks.trackId, filed.trackId));
    expect(links).toEqual([expect.objectContaining(link)]);
    await expect(insertRow(db(), releaseTracks, link)).rejects.toThrow();
  });

  it("still writes every row once past 500 shapes, and keeps no more than 500 statements on a connection", async () => {
    const optional = ["companyName", "firstName", "lastName", "email", "phone1", "address", "city", "state", "zip", "country", "externalLicenseeId"] as const;
    // Shape i: each optional field absent, null or given by the i-th number's base-3 digits: 520 different shapes.
    const shapes = Array.from({ length: 520 }, (_, i) => {
      const row: Record<string, string | null> = {};
      optional.forEach((field, digit) => {
        const mode = Math.floor(i / 3 ** digit) % 3;
        if (mode > 0) row[field] = mode === 1 ? null : `${field} ${i}`;
      });
      return row;
    });
    const { ids, statements } = await db().transaction(async (tx) => {
      const ids: string[] = [];
      for (const row of shapes) ids.push((await insertRow(tx, licensees, { ...row, accountId }, { returning: true })).id);
      const named = await tx.execute<{ n: number }>(sql`select count(*)::int n from pg_prepared_statements where name like 'reused_%'`);
      return { ids, statements: named.rows[0]!.n };
    });

    expect(statements).toBeLessThanOrEqual(500);
    const stored = new Map((await db().select().from(licensees).where(eq(licensees.accountId, accountId))).map((l) => [l.id, l]));
    shapes.forEach((row, i) => {
      const expected = Object.fromEntries(optional.map((field) => [field, row[field] ?? null]));
      expect(stored.get(ids[i]!)).toMatchObject(expected);
    });
  });
});
