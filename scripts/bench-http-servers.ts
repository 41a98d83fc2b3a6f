// The two servers `npm run bench:http` loads (scripts/bench-http.ts): the app (`next start`, built beforehand) and the
// floor (scripts/bench-floor-server.ts), each on a database of its own making that is removed afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { createDb, type DbOptions } from "@/db/client";
import { environmentWith } from "@/env";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import { createApiKey } from "@/lib/auth/api-keys";

export type Server = { name: "app" | "floor"; base: string; key: string; process: ChildProcess };

/** Where the run's data lives: a database created on DATABASE_URL's server, or PGlite folders under .data/. */
export type BenchData = {
  driver: "pg" | "pglite";
  /** The app's database options, and the floor's (the same PostgreSQL database; its own PGlite folder). */
  app: DbOptions;
  floor: DbOptions;
  cleanup(): Promise<void>;
};

export async function createBenchData(serverUrl: string | undefined): Promise<BenchData> {
  const name = `coverdesk_bench_${process.pid}`;
  if (serverUrl) {
    const { Client } = await import("pg");
    const admin = async (statement: string) => {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const options: DbOptions = { driver: "pg", url: url.toString() };
    return {
      driver: "pg",
      app: options,
      floor: options,
      cleanup: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  const dirs = [`.data/${name}-app`, `.data/${name}-floor`];
  return {
    driver: "pglite",
    app: { driver: "pglite", dataDir: dirs[0] },
    floor: { driver: "pglite", dataDir: dirs[1] },
    cleanup: () => {
      for (const dir of dirs) for (const p of [dir, `${dir}.lock`]) rmSync(p, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** Migrates the database and makes the bench's client account and an admin API key in it. */
export async function prepare(options: DbOptions): Promise<string> {
  const handle = await createDb(options);
  try {
    await handle.migrate();
    const account = await findOrCreateAccount(handle.db, "Bench HTTP Records");
    return (await createApiKey(handle.db, { accountId: account.id, name: "bench:http", role: "admin" })).key;
  } finally {
    await handle.close();
  }
}

const databaseEnv = (options: DbOptions): Record<string, string> =>
  options.driver === "pg" ? { DATABASE_URL: options.url } : { PGLITE_DIR: options.dataDir!, DATABASE_URL: "" };

/** `next start` of the current build, limits and the outbox loop off; `cpuProfDir` writes a V8 CPU profile there on exit. */
export function startApp(options: DbOptions, port: number, key: string, cpuProfDir?: string): Server {
  const nodeFlags = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(
    process.execPath,
    [...nodeFlags, path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: environmentWith({
        ...databaseEnv(options),
        NODE_ENV: "production",
        AUTH_SECRET: "bench-http-secret-not-for-production-0123456789",
        RATE_LIMIT_PER_MINUTE: "0",
        RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: "0",
        WALL_POSTS_PER_HOUR: "0",
        OUTBOX_WORKER: "off",
      }),
    },
  );
  return { name: "app", base: `http://127.0.0.1:${port}`, key, process: child };
}

export function startFloor(options: DbOptions, port: number, key: string): Server {
  const target = options.driver === "pg" ? ["--database-url", options.url] : ["--pglite-dir", options.dataDir!];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench-floor-server.ts", "--port", String(port), ...target],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return { name: "floor", base: `http://127.0.0.1:${port}`, key, process: child };
}

export async function waitUntilUp(server: Server, healthPath: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null)
      throw new Error(`${server.name} server exited with code ${server.process.exitCode}`);
    try {
      if ((await fetch(server.base + healthPath)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${server.name} server did not answer ${healthPath} within 2 minutes`);
}

/** SIGINT (the app writes its CPU profile on a clean exit) and waits for the process to end. */
export async function stop(server: Server): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system) the process has used so far, in milliseconds (Linux /proc; NaN elsewhere). */
export async function cpuMs(pid: number | undefined): Promise<number> {
  try {
    const { readFileSync } = await import("node:fs");
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}
