import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { seed } from "@/db/seed";
import { parseEnv, type Env } from "@/env";
import { parseCliArgs, USAGE_EXIT } from "../cli-args";
import { withDb } from "../with-db";
import type { CliIo } from "./io";

const USAGE = `Usage: npm run demo\n  Migrates and seeds the embedded database, builds, and serves http://localhost:$PORT (on DEMO_HOST, default 127.0.0.1).`;

/**
 * `next start`'s arguments for the demo: its port, and the address it listens on. Without a host Next listens on
 * every interface, and the demo's users and password are public (README): DEMO_HOST=0.0.0.0 is a choice to make.
 */
export function demoStartArgs(settings: Pick<Env, "PORT" | "DEMO_HOST">): string[] {
  return ["start", "-p", String(settings.PORT), "-H", settings.DEMO_HOST];
}

/**
 * npm run demo (scripts/demo.mts), one command for a newcomer: migrates and seeds the embedded database, then builds
 * and serves the portal (`next build`, `next start`, on this process's terminal) until the server stops.
 */
export async function demoCli(argv: string[], io: CliIo): Promise<number> {
  if (!parseCliArgs(argv, USAGE, {}, ({ positionals }) => positionals.length === 0, io.stderr)) return USAGE_EXIT;
  const seeded = await withDb(io, async (h) => {
    io.stdout(`Demo data: ${await seed(h.db)}\n`);
    return 0;
  });
  if (seeded !== 0) return seeded;

  const settings = parseEnv(io.env); // withDb has checked them
  const { AUTH_SECRET, PORT, DEMO_HOST } = settings;
  // The server gets a secret made for the demo when none is set.
  const serverEnv: CliIo["env"] = { ...io.env, AUTH_SECRET: AUTH_SECRET ?? demoSecret() };
  const next = (args: string[]) =>
    spawnSync("npx", ["next", ...args], { stdio: "inherit", env: serverEnv as NodeJS.ProcessEnv }).status ?? 1;
  const built = next(["build"]);
  if (built !== 0) return built;
  io.stdout(
    `\nCoverDesk is starting on http://${DEMO_HOST === "127.0.0.1" ? "localhost" : DEMO_HOST}:${PORT}  (sign in as client@coverdesk.test / coverdesk-demo)\n\n`,
  );
  return next(demoStartArgs(settings));
}

/** A stable local secret so demo sessions survive a restart; real deployments set AUTH_SECRET. */
function demoSecret(): string {
  const file = ".data/auth-secret";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(".data", { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
