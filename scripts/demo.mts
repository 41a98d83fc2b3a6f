import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { seed } from "@/db/seed";
import { env, environmentWith } from "@/env";
import { cliArgs } from "./cli-args";
import { withDb } from "./with-db";

cliArgs(
  `Usage: npm run demo\n  Migrates and seeds the embedded database, builds, and serves http://localhost:$PORT.`,
  {},
  ({ positionals }) => positionals.length === 0,
);

// One command for a newcomer: migrate and seed the embedded database, build, and serve the portal.
await withDb(async (h) => {
  console.log(`Demo data: ${await seed(h.db)}`);
});

const { AUTH_SECRET, PORT } = env();
// The server gets a secret made for the demo when none is set.
const serverEnv = environmentWith({ AUTH_SECRET: AUTH_SECRET ?? demoSecret() });
const run = (args: string[]) => {
  const result = spawnSync("npx", ["next", ...args], { stdio: "inherit", env: serverEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(["build"]);
console.log(`\nCoverDesk is starting on http://localhost:${PORT}  (sign in as client@coverdesk.test / coverdesk-demo)\n`);
run(["start", "-p", String(PORT)]);

/** A stable local secret so demo sessions survive a restart; real deployments set AUTH_SECRET. */
function demoSecret(): string {
  const file = ".data/auth-secret";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(".data", { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
