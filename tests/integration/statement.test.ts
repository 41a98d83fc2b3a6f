import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Conn, Db } from "@/db/client";
import { auditEvents, accounts, licensees, releaseTracks } from "@/db/schema";
import { insertStatement, sessionOf, statement } from "@/db/statement";
import { env } from "@/env";
import type { Actor } from "@/lib/auth/actor";
import { recordStatusEvent } from "@/lib/requests/record-status-event";
import { findRequestView } from "@/lib/requests/request-view";
import { listWallPosts } from "@/lib/wall/list-wall-posts";
import { clientKey } from "../helpers/api";
import { fileRequest } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";
import { postToWall } from "../helpers/wall";

// db/statement.ts: statements built once, as module-level constants, run on whichever connection each call passes.
const db = setupTestDb();

let builds = 0;
const accountNamed = statement(["name"], (conn, p) => {
  builds++;
  return conn
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.name, p("name")));
});
// The same SQL shape as accountNamed but another table: a statement is its constant, never a shared key.
const licenseeCompanyNamed = statement(["name"], (conn, p) =>
  conn
    .select({ name: licensees.companyName })
    .from(licensees)
    .where(eq(licensees.companyName, p("name"))),
);
const names = (conn: Conn, name: string) => accountNamed.run(conn, { name }).then((rows) => rows.map((r) => r.name));

// Declares "id" but asks for "name" (past the type check, as JavaScript could).
const undeclared = statement(["id"], (conn, p) =>
  conn
    .select()
    .from(accounts)
    .where(eq(accounts.name, (p as (name: string) => ReturnType<typeof p>)("name"))),
);

class RolledBack extends Error {}

async function inRolledBackTransaction<T>(work: (tx: Conn) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db()
    .transaction(async (tx) => {
      result = await work(tx);
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return result as T;
}

describe("statement", () => {
  it("runs inside each transaction it is given, built once, and on the pool after", async () => {
    const before = builds;
    const seen = async (name: string) =>
      inRolledBackTransaction(async (tx) => {
        await tx.insert(accounts).values({ name });
        return names(tx, name);
      });
    expect(await seen("Statement First Records")).toEqual(["Statement First Records"]);
    expect(await seen("Statement Second Records")).toEqual(["Statement Second Records"]);
    expect(await names(db(), "Statement First Records")).toEqual([]);
    await db().insert(accounts).values({ name: "Statement Committed Records" });
    expect(await names(db(), "Statement Committed Records")).toEqual(["Statement Committed Records"]);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it("is its own constant: two statements of one shape each run their own SQL", async () => {
    await db().insert(accounts).values({ name: "Statement Shape Records" });
    expect(await names(db(), "Statement Shape Records")).toEqual(["Statement Shape Records"]);
    expect(await licenseeCompanyNamed.run(db(), { name: "Statement Shape Records" })).toEqual([]);
  });

  it("logs through the logger of the handle it runs on, not the one that built it", async () => {
    await names(db(), "Statement Logged Records");
    const logged: string[] = [];
    const logger = { logQuery: (query: string) => void logged.push(query) };
    const client = (db() as unknown as { $client: never }).$client;
    const recording = (env().DATABASE_URL
      ? (await import("drizzle-orm/node-postgres")).drizzle({ client, logger })
      : (await import("drizzle-orm/pglite")).drizzle({ client, logger })) as unknown as Db;
    await names(recording, "Statement Logged Records");
    expect(logged).toEqual([expect.stringMatching(/^select "name" from "accounts" where "accounts"."name" = \$1/)]);
  });

  it("refuses a placeholder it does not declare", async () => {
    await expect(undeclared.run(db(), { id: 1 })).rejects.toThrow(/placeholder "name" is not declared/);
  });

  it("names its statements apart in every copy of the module, as Next.js compiles one into each route's code", async () => {
    // Pages, route handlers and the sign-in callback share one pool (db/index.ts keeps it on globalThis) but each
    // bundle has its own copy of db/statement.ts: two copies numbering from 0 sent two statements under one name to
    // a connection, and PostgreSQL's driver refused the second ("Prepared statements must be unique").
    const copy = async () => {
      vi.resetModules();
      return (await import("@/db/statement")).statement;
    };
    const [first, second] = [await copy(), await copy()];
    const one = first([], (conn) =>
      conn
        .select({ n: sql<number>`1` })
        .from(accounts)
        .limit(1),
    );
    const two = second([], (conn) =>
      conn
        .select({ n: sql<number>`2` })
        .from(accounts)
        .limit(1),
    );
    const rows = await db().transaction(async (tx) => [...(await one.run(tx)), ...(await two.run(tx))]);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe("drizzle's private fields, which db/statement.ts alone reads and writes", () => {
  // If a drizzle upgrade moves them, a statement would run on the session that built it, outside the caller's
  // transaction: these fail first, and name what moved.
  const drivers: [string, () => Promise<Conn>][] = [
    [
      "node-postgres",
      async () =>
        (await import("drizzle-orm/node-postgres")).drizzle({
          client: new (await import("pg")).default.Pool(),
        }) as unknown as Conn,
    ],
    ["this run's driver", () => Promise.resolve(db())],
  ];

  it.each(drivers)(
    "%s: a handle's session has `client` and `logger`, and so does each statement it prepares",
    async (_name, handle) => {
      const conn = await handle();
      const session = (conn as unknown as { _: { session: Record<string, unknown> } })._.session;
      expect(session).toHaveProperty("client");
      expect(session).toHaveProperty("logger");
      const prepared = conn
        .select()
        .from(accounts)
        .where(eq(accounts.id, sql.placeholder("id")))
        .prepare("pin_fields") as unknown as object;
      expect(Object.hasOwn(prepared, "client")).toBe(true);
      expect(Object.hasOwn(prepared, "logger")).toBe(true);
      expect(sessionOf(conn)).toBe(session);
    },
  );

  it("says so, loudly, when a handle has no such session", () => {
    const moved = { _: { session: { connection: {} } } } as unknown as Conn;
    expect(() => sessionOf(moved)).toThrow(/no longer has a database handle's `_.session` with `client` and `logger`/);
  });
});

// Filing inserts: one statement per table and set of columns.
const insertTestAudit = insertStatement(auditEvents, [
  "accountId",
  "actorKind",
  "actorName",
  "action",
  "entityType",
  "entityId",
  "detail",
]);
const linkTrack = insertStatement(releaseTracks, ["releaseId", "trackId"], { onConflictDoNothing: true });
const linkTrackStrictly = insertStatement(releaseTracks, ["releaseId", "trackId"]);

describe("insertStatement", () => {
  let accountId: number;
  beforeAll(async () => {
    accountId = (await clientKey(db(), "Insert Statement Records")).accountId;
  });
  const audit = (entityId: string, detail: unknown) => ({
    accountId,
    actorKind: "system" as const,
    actorName: "statement test",
    action: "test.inserted",
    entityType: "test",
    entityId,
    detail,
  });
  const written = (entityId: string, on: Conn = db()) =>
    on
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "test"), eq(auditEvents.entityId, entityId)));

  it("writes inside the transaction it is given", async () => {
    await insertTestAudit.run(db(), audit("pool", null));
    const rolledBack = db().transaction(async (tx) => {
      await insertTestAudit.run(tx, audit("rolled back", null));
      expect(await written("rolled back", tx)).toHaveLength(1);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    await db().transaction((tx) => insertTestAudit.run(tx, audit("committed", null)));
    expect(await written("rolled back")).toEqual([]);
    for (const id of ["pool", "committed"]) expect(await written(id)).toHaveLength(1);
  });

  it("gives the columns it leaves out their default, stores JSON as given and null as SQL NULL", async () => {
    const [given] = await insertTestAudit.run(db(), audit("given", { albumId: 7, note: null, tags: ["a"] }));
    const [nulled] = await insertTestAudit.run(db(), audit("nulled", null));
    expect(given).toMatchObject({ entityId: "given", detail: { albumId: 7, note: null, tags: ["a"] }, accountId });
    expect(given!.dateAdded).toBeInstanceOf(Date);
    expect(nulled).toMatchObject({ entityId: "nulled", detail: null });
    const stored = await db().execute<{ id: string; sqlNull: boolean; kind: string | null }>(
      sql`select entity_id id, detail is null "sqlNull", jsonb_typeof(detail) kind from audit_events where entity_type = 'test' and entity_id in ('given', 'nulled') order by id`,
    );
    expect(stored.rows).toEqual([
      { id: "given", sqlNull: false, kind: "object" },
      { id: "nulled", sqlNull: true, kind: null },
    ]);
  });

  it("skips a row that is already there when built to, and refuses it otherwise", async () => {
    const { key } = await clientKey(db(), "Insert Statement Records");
    const filed = await fileRequest(key);
    const link = { releaseId: filed.releaseId, trackId: filed.trackId };
    expect(await linkTrack.run(db(), link)).toEqual([]);
    await db().transaction((tx) => linkTrack.run(tx, link));
    const links = await db().select().from(releaseTracks).where(eq(releaseTracks.trackId, filed.trackId));
    expect(links).toEqual([expect.objectContaining(link)]);
    await expect(linkTrackStrictly.run(db(), link)).rejects.toThrow();
  });
});

describe("scope variants: what one reader's call reads is never served to another", () => {
  it("a request's latest status note, read by each kind of reader in turn, in both orders", async () => {
    const { key, accountId } = await clientKey(db(), "Statement Note Records");
    const filed = await fileRequest(key);
    const employee = {};
    const client = { accountId };
    const licensee = { accountId, licenseeId: filed.licenseeId };
    const staffActor = { kind: "employee", name: "Test Staff", userId: null, apiKeyId: null } satisfies Actor;
    const noteAs = async (visibility: "public" | "private" | "staff") => {
      await recordStatusEvent(db(), staffActor, {
        requestId: filed.id,
        fromCode: "new",
        toCode: "new",
        note: `${visibility} note`,
        noteVisibility: visibility,
      });
    };
    const note = async (scope: object) => (await findRequestView(db(), scope, filed.id)).status.note;

    await noteAs("private");
    expect([await note(licensee), await note(client), await note(employee)]).toEqual([
      null,
      "private note",
      "private note",
    ]);
    expect([await note(employee), await note(client), await note(licensee)]).toEqual([
      "private note",
      "private note",
      null,
    ]);
    await noteAs("staff");
    expect([await note(employee), await note(client), await note(licensee)]).toEqual(["staff note", null, null]);
    await noteAs("public");
    expect([await note(licensee), await note(client), await note(employee)]).toEqual([
      "public note",
      "public note",
      "public note",
    ]);
  });

  it("a wall's page, narrowed by isprivate, in turn", async () => {
    const { key, accountId } = await clientKey(db(), "Statement Wall Records");
    const filed = await fileRequest(key);
    for (const visibility of ["public", "private"]) {
      const posted = await postToWall(key, filed.trackId, {
        message: `${visibility} post`,
        isPrivate: visibility === "private",
      });
      expect(posted.status).toBe(201);
    }
    const client: Actor = {
      kind: "client",
      name: "Test Client",
      accountId,
      role: "admin",
      userId: null,
      apiKeyId: null,
    };
    const page = async (isprivate?: boolean) => {
      const { items, total } = await listWallPosts(
        db(),
        client,
        { trackId: filed.trackId },
        { offset: 0, limit: 10, sort: "asc", isprivate },
      );
      return { contents: items.map((i) => i.message), total };
    };
    expect(await page(true)).toEqual({ contents: ["private post"], total: 1 });
    expect(await page(false)).toEqual({ contents: ["public post"], total: 1 });
    expect(await page()).toEqual({ contents: ["public post", "private post"], total: 2 });
  });
});
