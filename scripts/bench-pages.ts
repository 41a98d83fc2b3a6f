// `npm run bench:pages`: every portal page, signed in as each role, on a database filled to scale (1M requests by
// default): the gzipped JavaScript the page loads and its server time (TTFB p50/p95 of sequential loads). Needs
// `npm run build` first and a PostgreSQL server (DATABASE_URL); makes a scratch database there and drops it after.
// Figures, not assertions: pages over the budgets (issue 13: JS_BUDGET_KB of JS, TTFB_BUDGET_MS at p95) are flagged.
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { env } from "@/env";
import { pageRoutes } from "../e2e/page-routes";
import { startApp, stop, waitUntilUp } from "./bench-http-servers";
import { scratchDatabase } from "./bench-matching";
import { BENCH_PASSWORD, preparePagesData, ROLES, type BenchRole } from "./bench-pages-data";
import { getPage, scriptSources, scriptWeigher, signIn, timePage, type Timing } from "./bench-pages-http";
import { cliArgs } from "./cli-args";

const { values } = cliArgs(
  `Usage: DATABASE_URL=postgres://… npm run bench:pages -- [--runs 20] [--warm-up 3] [--port 3392] [--only "<route part>"]
  Fills a scratch database with BENCH_PAGES_REQUESTS requests (default 1,000,000), starts the built app on it, signs
  in as each role and loads every page that role can open: prints the page's gzipped JavaScript and its TTFB p50/p95
  over --runs sequential loads after --warm-up loads, then removes what it created.`,
  { runs: { type: "string" }, "warm-up": { type: "string" }, port: { type: "string" }, only: { type: "string" } },
  ({ positionals }) => positionals.length === 0,
);
const RUNS = Number(values.runs ?? 20);
const WARM_UP = Number(values["warm-up"] ?? 3);
const PORT = Number(values.port ?? 3392);
const JS_BUDGET_KB = 200;
const TTFB_BUDGET_MS = 300;

type Row = { route: string; role: BenchRole; jsKb: number } & Timing;

async function main() {
  const url = env().DATABASE_URL;
  if (!url) {
    console.error("bench:pages needs a PostgreSQL server: DATABASE_URL=postgres://… npm run bench:pages");
    process.exit(2);
  }
  const requests = env().BENCH_PAGES_REQUESTS;
  const scratch = await scratchDatabase(url);
  let server: ReturnType<typeof startApp> | undefined;
  const cleanUp = async () => {
    if (server) await stop(server);
    await scratch.close();
  };
  // Ctrl-C during the minutes of filling still drops the scratch database.
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    const start = performance.now();
    const data = await preparePagesData(scratch.db, requests);
    console.log(
      `${requests.toLocaleString("en-US")} requests filled in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    server = startApp({ driver: "pg", url: scratch.url! }, PORT, "");
    await waitUntilUp(server, "/api/health");
    console.log(
      `bench:pages: ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), load average ${loadavg()[0]!.toFixed(1)}; ` +
        `TTFB over ${RUNS} sequential loads after ${WARM_UP}`,
    );
    const weigh = scriptWeigher(server.base);
    const rows: Row[] = [];
    const skipped = new Map<string, string[]>();
    const publicRoutes = new Set<string>();
    for (const role of ROLES) {
      const email = data.emails[role];
      const cookie = email ? await signIn(server.base, email, BENCH_PASSWORD) : null;
      for (const route of pageRoutes().filter((r) => values.only === undefined || r.includes(values.only))) {
        const path = route.includes("[") ? data.paths[route] : route;
        if (!path) throw new Error(`${route} is a new page: give it a path in scripts/bench-pages-data.ts`);
        if (publicRoutes.has(route)) continue;
        const first = await getPage(server.base, path, cookie);
        if (first.status !== 200) {
          const answer = `${role}: ${first.status}${first.location ? ` → ${new URL(first.location, server.base).pathname}` : ""}`;
          skipped.set(answer, [...(skipped.get(answer) ?? []), route]);
          continue;
        }
        if (role === "visitor") publicRoutes.add(route);
        const jsKb = (await weigh(scriptSources(first.html))) / 1000;
        rows.push({ route, role, jsKb, ...(await timePage(server.base, path, cookie, WARM_UP, RUNS)) });
      }
    }
    printTable(rows);
    console.log(
      "\nPublic pages are measured signed out only. Not that role's pages (redirected or refused), not measured:",
    );
    for (const [answer, routes] of skipped) console.log(`  ${answer}: ${routes.join(" ")}`);
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
  } finally {
    await cleanUp();
  }
}

function printTable(rows: Row[]) {
  const head = ["page", "role", "JS kB gz", "TTFB p50", "TTFB p95", "HTML p95", ""];
  const lines = rows.map((r) => [
    r.route,
    r.role,
    r.jsKb.toFixed(1),
    r.ttfbP50.toFixed(0),
    r.ttfbP95.toFixed(0),
    r.totalP95.toFixed(0),
    [
      r.jsKb > JS_BUDGET_KB ? `JS over ${JS_BUDGET_KB} kB` : "",
      r.ttfbP95 > TTFB_BUDGET_MS ? `over ${TTFB_BUDGET_MS} ms` : "",
    ]
      .filter(Boolean)
      .join(", "),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i < 2 || i === 6 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${format(head)}   (kB = 1,000 bytes gzipped at level 9; times in ms)`);
  for (const line of lines) console.log(format(line));
  const over = rows.filter((r) => r.jsKb > JS_BUDGET_KB || r.ttfbP95 > TTFB_BUDGET_MS).length;
  console.log(`${rows.length} pages measured, ${over} over budget`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
