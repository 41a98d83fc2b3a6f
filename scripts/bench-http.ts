// `npm run bench:http`: the API's hot endpoints over HTTP, side by side with the floor (scripts/bench-floor-server.ts,
// the same statements without the framework), loaded alternately (app, floor, app, floor, …) so that the machine's
// other load falls on both alike. Needs `npm run build` first. Figures, not assertions.
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { env } from "@/env";
import { cliArgs } from "./cli-args";
import {
  cpuMs,
  createBenchData,
  prepare,
  startApp,
  startFloor,
  stop,
  waitUntilUp,
  type Server,
} from "./bench-http-servers";

const { values } = cliArgs(
  `Usage: npm run bench:http -- [--seconds 5] [--rounds 2] [--connections 16] [--port 3390] [--only "<endpoint>"] [--cpu-prof <dir>]
  Loads the built app (next start) and the floor server on a fresh database (DATABASE_URL's server, else PGlite),
  prints requests/s, p50, p99 and errors per endpoint and the ratio app/floor, then removes what it created.
  --cpu-prof writes the app's V8 CPU profile into <dir> (open it in Chrome DevTools or speedscope).`,
  {
    seconds: { type: "string" },
    rounds: { type: "string" },
    connections: { type: "string" },
    port: { type: "string" },
    only: { type: "string" },
    "cpu-prof": { type: "string" },
  },
  ({ positionals }) => positionals.length === 0,
);
const SECONDS = Number(values.seconds ?? 5);
const ROUNDS = Number(values.rounds ?? 2);
const CONNECTIONS = Number(values.connections ?? 16);
const PORT = Number(values.port ?? 3390);

type Fixture = { trackId: number; releaseId: number; requestId: number };
type Endpoint = {
  name: string;
  method: "GET" | "POST" | "PATCH";
  path: (f: Fixture, server: Server) => string;
  body?: unknown;
};

const newRequest = {
  track: {
    album: { title: "Bench Album", artist: "Bench Band", licensee: { lastName: "Bench", email: "bench@example.com" } },
    lengthInSeconds: 200,
    releases: [{ formatId: 1002, releaseQuantity: 1000 }],
    song: { title: "Bench Song", originalRecordingArtist: "Original Artist" },
  },
};

const ENDPOINTS: Endpoint[] = [
  { name: "POST /api/requests", method: "POST", path: () => "/api/requests", body: newRequest },
  {
    name: "POST /api/tracks/{id}/requests",
    method: "POST",
    path: (f) => `/api/tracks/${f.trackId}/requests`,
    body: { formatId: 1002, releaseQuantity: 500 },
  },
  {
    name: "PATCH /api/tracks/{id}/releases/{id}",
    method: "PATCH",
    path: (f) => `/api/tracks/${f.trackId}/releases/${f.releaseId}`,
    body: [{ op: "replace", path: "releaseQuantity", value: 2000 }],
  },
  { name: "GET /api/requests/{id}", method: "GET", path: (f) => `/api/requests/${f.requestId}` },
  { name: "GET /api/tracks/{id}/wallposts", method: "GET", path: (f) => `/api/tracks/${f.trackId}/wallposts` },
  // The reference for GET: an authenticated route's cost over this one (no key, one `select 1`) is the wrapper's.
  {
    name: "GET /api/health (near no-op)",
    method: "GET",
    path: (_f, s) => (s.name === "app" ? "/api/health" : "/health"),
  },
];

const headers = (server: Server) => ({ authorization: `Bearer ${server.key}`, "content-type": "application/json" });

/** A request (with its track and release) of the bench's own, on one server, for the endpoints that take ids. */
async function fixture(server: Server): Promise<Fixture> {
  const res = await fetch(`${server.base}/api/requests`, {
    method: "POST",
    headers: headers(server),
    body: JSON.stringify(newRequest),
  });
  if (res.status !== 201)
    throw new Error(`${server.name}: POST /api/requests answered ${res.status}: ${await res.text()}`);
  const made = (await res.json()) as {
    id: number;
    trackId?: number;
    track_id?: number;
    releaseId?: number;
    release_id?: number;
  };
  return {
    requestId: made.id,
    trackId: Number(made.trackId ?? made.track_id),
    releaseId: Number(made.releaseId ?? made.release_id),
  };
}

type Run = { rps: number; p50: number; p99: number; errors: number; requests: number; cpuPerRequest: number };

async function load(server: Server, endpoint: Endpoint, f: Fixture, seconds: number): Promise<Run> {
  const before = await cpuMs(server.process.pid);
  const result = await autocannon({
    url: server.base + endpoint.path(f, server),
    method: endpoint.method,
    headers: endpoint.name.includes("health") ? {} : headers(server),
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = (await cpuMs(server.process.pid)) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

const mean = (runs: Run[], pick: (r: Run) => number) => runs.reduce((s, r) => s + pick(r), 0) / runs.length;

type Row = { endpoint: string; app: Run[]; floor: Run[] };

function printTable(rows: Row[]) {
  const head = [
    "endpoint",
    "app req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "CPU ms/req",
    "floor req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "CPU ms/req",
    "app/floor",
  ];
  const lines = rows.map(({ endpoint, app, floor }) => [
    endpoint,
    mean(app, (r) => r.rps).toFixed(0),
    mean(app, (r) => r.p50).toFixed(0),
    mean(app, (r) => r.p99).toFixed(0),
    String(app.reduce((s, r) => s + r.errors, 0)),
    mean(app, (r) => r.cpuPerRequest).toFixed(2),
    mean(floor, (r) => r.rps).toFixed(0),
    mean(floor, (r) => r.p50).toFixed(0),
    mean(floor, (r) => r.p99).toFixed(0),
    String(floor.reduce((s, r) => s + r.errors, 0)),
    mean(floor, (r) => r.cpuPerRequest).toFixed(2),
    `${((100 * mean(app, (r) => r.rps)) / mean(floor, (r) => r.rps)).toFixed(0)}%`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(format(head));
  for (const line of lines) console.log(format(line));
}

// Issue 13's targets for the API's hot path: a create's throughput against the floor's and its CPU cost, and an
// authenticated read's throughput against the near no-op's on the same server (the wrapper's share).
const CREATE_SHARE_OF_FLOOR = 0.4;
const CREATE_SHARE_GOAL = 0.6;
const CREATE_CPU_MS = 3;
const READ_SHARE_OF_HEALTH = 0.6;

/** Each target this run's endpoints allow judging, with the run's figure and the verdict. */
function printTargets(rows: Row[], driver: "pg" | "pglite") {
  const row = (name: string) => rows.find((r) => r.endpoint === name);
  const rps = (runs: Run[]) => mean(runs, (r) => r.rps);
  const percent = (share: number) => `${(100 * share).toFixed(1)}%`;
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  const lines: string[] = [];
  const create = row("POST /api/requests");
  if (create) {
    const share = rps(create.app) / rps(create.floor);
    const errors = create.app.reduce((s, r) => s + r.errors, 0);
    const cpu = mean(create.app, (r) => r.cpuPerRequest);
    lines.push(
      `POST /api/requests: ${percent(share)} of the floor's requests/s with ${errors} errors; target ≥ ${percent(CREATE_SHARE_OF_FLOOR)} ` +
        `(goal ${percent(CREATE_SHARE_GOAL)}) with 0 errors: ${verdict(share >= CREATE_SHARE_OF_FLOOR && errors === 0)}`,
      `POST /api/requests: ${cpu.toFixed(2)} ms of the app's CPU per request; target ≤ ${CREATE_CPU_MS} ms: ${verdict(cpu <= CREATE_CPU_MS)}`,
    );
  }
  const read = row("GET /api/requests/{id}");
  const health = row("GET /api/health (near no-op)");
  if (read && health) {
    const share = rps(read.app) / rps(health.app);
    lines.push(
      `GET /api/requests/{id}: ${percent(share)} of GET /api/health's requests/s on the app; ` +
        `target ≥ ${percent(READ_SHARE_OF_HEALTH)}: ${verdict(share >= READ_SHARE_OF_HEALTH)}`,
    );
  }
  if (lines.length === 0) return;
  // The targets were set on PostgreSQL: PGlite runs inside the app's process, so its CPU column holds the database's work too.
  console.log(
    `\nTargets (issue 13${driver === "pglite" ? ", set for PostgreSQL: on PGlite the app's CPU includes the database's" : ""}):`,
  );
  for (const line of lines) console.log(`  ${line}`);
}

async function main() {
  const data = await createBenchData(env().DATABASE_URL);
  const servers: Server[] = [];
  try {
    const appKey = await prepare(data.app);
    const floorKey = data.floor === data.app ? appKey : await prepare(data.floor);
    servers.push(startApp(data.app, PORT, appKey, values["cpu-prof"]), startFloor(data.floor, PORT + 1, floorKey));
    await Promise.all([waitUntilUp(servers[0]!, "/api/health"), waitUntilUp(servers[1]!, "/health")]);
    const fixtures = await Promise.all(servers.map(fixture));
    const endpoints = ENDPOINTS.filter((e) => values.only === undefined || e.name.includes(values.only));
    console.log(
      `bench:http on ${data.driver}, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per server and endpoint (A B A B); ` +
        `${cpus().length} CPUs (${cpus()[0]?.model.trim()}), load average ${loadavg()[0]!.toFixed(1)} at the start`,
    );
    const rows = [];
    for (const endpoint of endpoints) {
      for (const [i, server] of servers.entries()) await load(server, endpoint, fixtures[i]!, 2); // warm-up (JIT, pools)
      const runs: Record<"app" | "floor", Run[]> = { app: [], floor: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, server] of servers.entries())
          runs[server.name].push(await load(server, endpoint, fixtures[i]!, SECONDS));
      }
      rows.push({ endpoint: endpoint.name, ...runs });
    }
    printTable(rows);
    printTargets(rows, data.driver);
    console.log(
      `load average ${loadavg()[0]!.toFixed(1)} at the end (other processes' share of the ${cpus().length} CPUs)`,
    );
  } finally {
    for (const server of servers) await stop(server);
    await data.cleanup();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
