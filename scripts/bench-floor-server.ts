// THE FLOOR of `npm run bench:http` (scripts/bench-http.ts), not part of CoverDesk: a minimal node:http server on
// the same database doing the same statements as the five benchmarked endpoints (API-key lookup, the same inserts,
// updates and audit rows in one transaction) with no framework, no validation, no views and no per-request
// bookkeeping. Its throughput is what the database and Node's HTTP stack allow; the app's figures are read against it.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { cliArgs } from "./cli-args";

type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;
type Database = { query: Query; transaction<T>(work: (q: Query) => Promise<T>): Promise<T> };

const { values } = cliArgs(
  "Usage: tsx scripts/bench-floor-server.ts --port <n> (--database-url <url> | --pglite-dir <dir>)",
  { port: { type: "string" }, "database-url": { type: "string" }, "pglite-dir": { type: "string" } },
  ({ values: v }) => v.port !== undefined && (v["database-url"] === undefined) !== (v["pglite-dir"] === undefined),
);

async function open(): Promise<Database> {
  if (values["database-url"]) {
    const { Pool } = await import("pg");
    const pool = new Pool({ connectionString: values["database-url"], max: 10 }); // the app's pool size
    return {
      query: async (text, params) => (await pool.query(text, params)).rows as Row[],
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("begin");
          const result = await work(async (text, params) => (await client.query(text, params)).rows as Row[]);
          await client.query("commit");
          return result;
        } catch (e) {
          await client.query("rollback");
          throw e;
        } finally {
          client.release();
        }
      },
    };
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  const pglite = new PGlite({ dataDir: values["pglite-dir"], extensions: { pg_trgm } });
  await pglite.waitReady;
  return {
    query: async (text, params) => (await pglite.query<Row>(text, params)).rows,
    transaction: (work) =>
      pglite.transaction((tx) => work(async (text, params) => (await tx.query<Row>(text, params)).rows)),
  };
}

type Caller = { keyId: number; accountId: number; name: string };

async function caller(db: Database, req: IncomingMessage): Promise<Caller | null> {
  const key = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!key) return null;
  const hash = createHash("sha256").update(key).digest("hex");
  const [row] = await db.query(
    `select k.id, k.account_id, a.name from api_keys k join accounts a on a.id = k.account_id
     where k.key_hash = $1 and k.revoked_at is null and a.suspended_at is null`,
    [hash],
  );
  return row ? { keyId: Number(row.id), accountId: Number(row.account_id), name: String(row.name) } : null;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
}

const ROYALTY_PER_UNIT = 1240; // the statutory rate of a short track, in hundredths of a cent: arithmetic is not what is measured

async function fileRequest(
  q: Query,
  c: Caller,
  feeScheduleId: number,
  songFee: number,
  trackId: number,
  releaseId: number,
  quantity: number,
  kind: string,
) {
  await q("insert into release_tracks (release_id, track_id) values ($1, $2) on conflict do nothing", [
    releaseId,
    trackId,
  ]);
  const [request] = await q(
    `insert into requests (account_id, track_id, release_id, kind, royalty_per_unit, royalty_quantity, royalty_total, service_fee, fee_schedule_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      c.accountId,
      trackId,
      releaseId,
      kind,
      ROYALTY_PER_UNIT,
      quantity,
      ROYALTY_PER_UNIT * quantity,
      songFee,
      feeScheduleId,
    ],
  );
  await q(
    "insert into request_status_events (request_id, to_code, actor_kind, actor_name) values ($1, 'new', 'client', $2)",
    [request!.id, c.name],
  );
  return request!;
}

type Handler = (db: Database, c: Caller, req: IncomingMessage, ids: number[]) => Promise<[number, unknown]>;

function routes(fee: { id: number; songFee: number }): [string, RegExp, Handler][] {
  const today = new Date();
  return [
    [
      "POST",
      /^\/api\/requests$/,
      async (db, c, req) => {
        const { track } = (await readBody(req)) as { track: any }; // the floor validates nothing
        const release = track.releases[0];
        return [
          201,
          await db.transaction(async (q) => {
            const [licensee] = await q(
              "insert into licensees (account_id, last_name, email) values ($1, $2, $3) returning id",
              [c.accountId, track.album.licensee.lastName, track.album.licensee.email],
            );
            const [album] = await q(
              "insert into albums (account_id, licensee_id, title, artist) values ($1, $2, $3, $4) returning *",
              [c.accountId, licensee!.id, track.album.title, track.album.artist],
            );
            const [rel] = await q(
              "insert into releases (account_id, album_id, format_id, release_month, release_year, release_quantity) values ($1, $2, $3, $4, $5, $6) returning *",
              [
                c.accountId,
                album!.id,
                release.formatId,
                today.getMonth() + 1,
                today.getFullYear(),
                release.releaseQuantity,
              ],
            );
            const [created] = await q(
              "insert into tracks (account_id, album_id, length_in_seconds, song_title, song_original_recording_artist) values ($1, $2, $3, $4, $5) returning *",
              [c.accountId, album!.id, track.lengthInSeconds, track.song.title, track.song.originalRecordingArtist],
            );
            const request = await fileRequest(
              q,
              c,
              fee.id,
              fee.songFee,
              Number(created!.id),
              Number(rel!.id),
              release.releaseQuantity,
              "initial",
            );
            await q(
              "insert into audit_events (account_id, actor_kind, actor_name, action, entity_type, entity_id, detail) values ($1, 'client', $2, 'request.created', 'request', $3, $4)",
              [
                c.accountId,
                c.name,
                String(request.id),
                { albumId: album!.id, trackId: created!.id, releaseId: rel!.id },
              ],
            );
            return { ...request, albumId: album!.id };
          }),
        ];
      },
    ],
    [
      "GET",
      /^\/api\/requests\/(\d+)$/,
      async (db, c, _req, [id]) => {
        const [row] = await db.query(
          `select r.*, t.album_id, a.licensee_id, t.medley from requests r join tracks t on t.id = r.track_id join albums a on a.id = t.album_id
         where r.id = $1 and r.account_id = $2`,
          [id, c.accountId],
        );
        return row ? [200, row] : [404, { code: "not_found" }];
      },
    ],
    [
      "POST",
      /^\/api\/tracks\/(\d+)\/requests$/,
      async (db, c, req, [trackId]) => {
        const body = (await readBody(req)) as { formatId: number; releaseQuantity: number };
        return [
          201,
          await db.transaction(async (q) => {
            const [track] = await q("select album_id from tracks where id = $1 and account_id = $2", [
              trackId,
              c.accountId,
            ]);
            await q("select id from albums where id = $1 for update", [track!.album_id]);
            const [rel] = await q(
              "insert into releases (account_id, album_id, format_id, release_month, release_year, release_quantity) values ($1, $2, $3, $4, $5, $6) returning *",
              [
                c.accountId,
                track!.album_id,
                body.formatId,
                today.getMonth() + 1,
                today.getFullYear(),
                body.releaseQuantity,
              ],
            );
            const created = [];
            for (const t of await q("select id from tracks where album_id = $1 order by id", [track!.album_id])) {
              created.push(
                await fileRequest(
                  q,
                  c,
                  fee.id,
                  fee.songFee,
                  Number(t.id),
                  Number(rel!.id),
                  body.releaseQuantity,
                  "reorder",
                ),
              );
            }
            await q(
              "insert into audit_events (account_id, actor_kind, actor_name, action, entity_type, entity_id, detail) values ($1, 'client', $2, 'request.reordered', 'release', $3, $4)",
              [c.accountId, c.name, String(rel!.id), { requestIds: created.map((r) => r.id) }],
            );
            return created;
          }),
        ];
      },
    ],
    [
      "PATCH",
      /^\/api\/tracks\/(\d+)\/releases\/(\d+)$/,
      async (db, c, req, [trackId, releaseId]) => {
        const patch = (await readBody(req)) as unknown as { path: string; value: number }[];
        const quantity = patch[0]!.value;
        return [
          200,
          await db.transaction(async (q) => {
            const [found] = await q(
              "select r.album_id from releases r join release_tracks rt on rt.release_id = r.id where r.id = $1 and rt.track_id = $2 and r.account_id = $3",
              [releaseId, trackId, c.accountId],
            );
            await q("select id from albums where id = $1 for update", [found!.album_id]);
            const [updated] = await q(
              "update releases set release_quantity = $2, date_updated = now() where id = $1 returning *",
              [releaseId, quantity],
            );
            await q(
              "update requests set royalty_quantity = $2, royalty_total = royalty_per_unit * $2, date_updated = now() where release_id = $1",
              [releaseId, quantity],
            );
            await q(
              "insert into audit_events (account_id, actor_kind, actor_name, action, entity_type, entity_id, detail) values ($1, 'client', $2, 'release.patched', 'release', $3, $4)",
              [c.accountId, c.name, String(releaseId), { releaseQuantity: quantity }],
            );
            return updated;
          }),
        ];
      },
    ],
    [
      "GET",
      /^\/api\/tracks\/(\d+)\/wallposts$/,
      async (db, c, _req, [trackId]) => {
        const [track] = await db.query("select album_id from tracks where id = $1 and account_id = $2", [
          trackId,
          c.accountId,
        ]);
        if (!track) return [404, { code: "not_found" }];
        const posts = await db.query("select * from wall_posts where album_id = $1 order by date_added, id limit 100", [
          track.album_id,
        ]);
        return [200, posts];
      },
    ],
  ];
}

async function main() {
  const db = await open();
  const [schedule] = await db.query("select id, song_fee from fee_schedules order by date_added desc, id desc limit 1");
  const table = routes({ id: Number(schedule!.id), songFee: Number(schedule!.song_fee) });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.url === "/health") return send(res, 200, (await db.query("select 1"), { status: "ok" }));
      const route = table.find(([method, path]) => method === req.method && path.test(req.url ?? ""));
      if (!route) return send(res, 404, { code: "not_found" });
      const c = await caller(db, req);
      if (!c) return send(res, 401, { code: "unauthorized" });
      const ids = route[1].exec(req.url!)!.slice(1).map(Number);
      const [status, body] = await route[2](db, c, req, ids);
      send(res, status, body);
    })().catch((e: unknown) => send(res, 500, { code: "internal", detail: (e as Error).message }));
  });
  server.listen(Number(values.port), "127.0.0.1");
}

void main();
