import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as requestsRoute from "@/app/api/requests/route";
import { call, clientKey } from "../helpers/api";
import { requestBody } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

// PostgreSQL only: the embedded database has no connections to lose, so vitest.config.mts leaves this file out
// without DATABASE_URL (tests/driver-sensitive.json, postgresOnly). The shared server is never restarted; the
// outage is every connection of this file's own throwaway database terminated, again and again, for a while.
const SERVER = process.env.DATABASE_URL;
if (!SERVER)
  throw new Error("fault-pg-outage needs a PostgreSQL server: set DATABASE_URL (npm run test:drivers does in CI)");

const db = setupTestDb();
const CREATES = 500;
const CALLERS = 8;
const OUTAGE_MS = 3_000;

beforeAll(() => vi.stubEnv("RATE_LIMIT_PER_MINUTE", "0"));
afterAll(() => vi.unstubAllEnvs());

/** Terminates every connection to `database` but the caller's own, on a separate admin connection. */
async function terminateAll(database: string): Promise<number> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  try {
    const res = await admin.query(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return (res.rows[0] as { n: number }).n;
  } finally {
    await admin.end();
  }
}

describe("PostgreSQL connections dropped under load", () => {
  it(
    "answers 503 (never another 5xx, never a hang), loses no acknowledged write, and retries file each request once",
    { timeout: 240_000 },
    async () => {
      const { key } = await clientKey(db(), "Outage Records");
      const [{ name }] = (await db().execute<{ name: string }>(sql`select current_database() as name`)).rows as [
        { name: string },
      ];
      const bodyOf = (i: number) =>
        requestBody({ track: { song: { title: `Outage ${i}`, originalRecordingArtist: "Fault" } } });
      const post = async (i: number) => {
        const started = Date.now();
        const res = await call(requestsRoute.POST, "POST", "/api/requests", {
          key,
          body: bodyOf(i),
          headers: { "Idempotency-Key": `outage-${i}` },
        });
        return { ...res, ms: Date.now() - started };
      };

      const statuses = new Map<number, number>();
      const acknowledged = new Map<number, number>(); // create → request id
      let slowest = 0;
      let next = 0;
      let outageKills = 0;
      const record = (i: number, res: Awaited<ReturnType<typeof post>>) => {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        slowest = Math.max(slowest, res.ms);
        if (res.status === 201) acknowledged.set(i, res.body.id as number);
        else expect(res.body.code, JSON.stringify(res.body)).toBe("service_unavailable");
      };
      // The outage begins once a fifth of the creates has been sent.
      let fifthSent = () => {};
      const outageBegins = new Promise<void>((resolve) => (fifthSent = resolve));
      const outage = (async () => {
        await outageBegins;
        for (const end = Date.now() + OUTAGE_MS; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
          outageKills += await terminateAll(name);
        }
      })();
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let i = next++; i < CREATES; i = next++) {
            if (i === Math.floor(CREATES / 5)) fifthSent();
            record(i, await post(i));
          }
        }),
      );
      await outage;

      // Every caller that did not get 2xx retries with its key until it does (the server heals by itself).
      const firstRound = new Map(statuses);
      let retries = 0;
      let replays = 0;
      for (let i = 0; i < CREATES; i++) {
        for (let attempt = 0; !acknowledged.has(i); attempt++) {
          expect(attempt, `create ${i} still failing`).toBeLessThan(20);
          const res = await post(i);
          retries++;
          if (res.headers.get("idempotent-replayed") === "true") replays++;
          record(i, res);
        }
      }

      const rows = (
        await db().execute<{ title: string; n: number; ids: number[] }>(sql`
        select t.song_title as title, count(*)::int as n, array_agg(r.id) as ids
        from requests r join tracks t on t.id = r.track_id join albums a on a.id = t.album_id
        join releases rel on rel.id = r.release_id
        where t.song_title like 'Outage %' group by t.song_title`)
      ).rows;
      const byTitle = new Map(rows.map((r) => [r.title, r]));
      const lost = [...acknowledged].filter(([i, id]) => !byTitle.get(`Outage ${i}`)?.ids.map(Number).includes(id));
      const duplicates = rows.filter((r) => r.n > 1);
      const other5xx = [...statuses].filter(([s]) => s >= 500 && s !== 503);
      console.log(
        `[pg outage] ${CREATES} creates by ${CALLERS} callers, ${outageKills} connections terminated over ${OUTAGE_MS} ms; ` +
          `first round ${JSON.stringify(Object.fromEntries(firstRound))}; ${retries} retries (${replays} replayed a stored answer); ` +
          `acknowledged writes lost: ${lost.length}; 5xx other than 503: ${other5xx.length}; duplicate requests: ${duplicates.length}; ` +
          `slowest answer ${slowest} ms`,
      );
      expect(outageKills).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      expect(other5xx).toEqual([]);
      expect(duplicates).toEqual([]);
      expect(rows).toHaveLength(CREATES);
      expect(slowest).toBeLessThan(10_000);
    },
  );
});
