// npm test: each stage in order, timed, stopping at the first that fails; then one line per stage with its seconds
// and the slowest test files of the run (the same list as `npm run test:slowest`).
import { spawnSync } from "node:child_process";
import { env } from "@/env";
import { clearTimings, slowestLines } from "./test-timings";

const USAGE = `Usage: npm test
  Runs lint, typecheck, unit, integration, build and e2e in that order, prints each stage's seconds and the slowest
  test files. The integration and e2e stages use DATABASE_URL when it is set, otherwise the embedded database.`;

const args = process.argv.slice(2);
if (args.length > 0) {
  console.error(args.includes("--help") ? USAGE : `Unknown argument ${args[0]}\n${USAGE}`);
  process.exit(2);
}

const driver = env().DATABASE_URL ? "postgresql" : "pglite";
const STAGES: [name: string, command: string[]][] = [
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["typecheck", ["npm", "run", "--silent", "typecheck"]],
  ["unit", ["npm", "run", "--silent", "test:unit"]],
  [`integration (${driver})`, ["npm", "run", "--silent", "test:integration"]],
  ["build", ["npm", "run", "--silent", "build"]],
  [`e2e (${driver})`, ["npx", "playwright", "test"]],
];

clearTimings();
const done: [string, number][] = [];
const started = performance.now();
let failed: string | undefined;
for (const [name, [command, ...rest]] of STAGES) {
  console.log(`\n=== ${name}: ${[command, ...rest].join(" ")}`);
  const t0 = performance.now();
  const { status, signal } = spawnSync(command!, rest, { stdio: "inherit" });
  const seconds = (performance.now() - t0) / 1000;
  done.push([name, seconds]);
  console.log(`=== stage ${name}: ${seconds.toFixed(1)} s${status === 0 ? "" : " (FAILED)"}`);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit code ${status}`})`;
    break;
  }
}

console.log("\nnpm test, seconds per stage:");
for (const [name, seconds] of done) console.log(`  ${name.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"total".padEnd(24)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
for (const line of slowestLines()) console.log(line);
if (failed) {
  console.error(`\nnpm test: ${failed}`);
  process.exit(1);
}
