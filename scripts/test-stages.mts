// npm test: every stage, timed, stopping at the first that fails; then one line per stage with its seconds and the
// slowest test files of the run (the same list as `npm run test:slowest`).
//
// The checks that read the sources run in two lanes at once, each about as long as the other: ESLint (one core, most
// of it the typed rules), the boundary check and Prettier's, beside typecheck, knip, the unit tests and the build (each of them
// but the build mostly one core too). Then, on the embedded database, the integration tests run beside the browser
// tests: the browser tests leave a core idle much of the time (waiting on pages, mail and timers), which the
// integration tests take.
// On a PostgreSQL server (DATABASE_URL) the two share that server's database, so they run one after the other.
import { spawn } from "node:child_process";
import { env } from "@/env";
import { clearTimings, slowestLines } from "./test-timings";

const USAGE = `Usage: npm test
  Runs lint, typecheck, unit, build (ESLint beside the others), then integration and e2e, prints each stage's
  seconds and the slowest test files. The integration and e2e stages use DATABASE_URL when it is set, otherwise
  the embedded database.`;

const args = process.argv.slice(2);
if (args.length > 0) {
  console.error(args.includes("--help") ? USAGE : `Unknown argument ${args[0]}\n${USAGE}`);
  process.exit(2);
}

type Stage = [name: string, command: string[]];
const driver = env().DATABASE_URL ? "postgresql" : "pglite";
const npmRun = (script: string) => ["npm", "run", "--silent", script];
/** Each step is one lane, or lanes that run at the same time (each lane's stages one after another). */
const STEPS: Stage[][][] = [
  [
    [
      ["lint (eslint)", npmRun("lint:eslint")],
      ["lint (boundaries)", npmRun("lint:boundaries")],
      ["lint (format)", npmRun("lint:format")],
    ],
    [
      ["typecheck", npmRun("typecheck")],
      ["lint (knip)", ["npx", "knip"]],
      ["unit", npmRun("test:unit")],
      ["build", npmRun("build")],
    ],
  ],
  ...(driver === "pglite"
    ? [
        [
          [[`e2e (${driver})`, ["npx", "playwright", "test"]]],
          [[`integration (${driver})`, npmRun("test:integration")]],
        ],
      ]
    : [
        [[[`integration (${driver})`, npmRun("test:integration")]]],
        [[[`e2e (${driver})`, ["npx", "playwright", "test"]]]],
      ]),
];

/** Whether `lane` streams its output: the first lane, while each other lane of its step is a single stage. */
const streams = (lanes: Stage[][], lane: Stage[]) => lane === lanes[0] && lanes.slice(1).every((l) => l.length === 1);

const done: [string, number][] = [];
let failed: string | undefined;
const running = new Set<ReturnType<typeof spawn>>();

/**
 * Runs a stage; with `buffered`, its output is printed in one piece when it ends (lanes do not interleave). Where
 * lanes run at once, the first lane of a step whose other lanes are one stage each streams (the browser tests' progress
 * shows as it happens) and the others are buffered.
 */
function runStage([name, [command, ...rest]]: Stage, buffered: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    if (!buffered) console.log(`\n=== ${name}: ${[command, ...rest].join(" ")}`);
    const child = spawn(command!, rest, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (status, signal) => {
      running.delete(child);
      const seconds = (performance.now() - t0) / 1000;
      if (buffered) {
        console.log(`\n=== ${name}: ${[command, ...rest].join(" ")}`);
        process.stdout.write(Buffer.concat(output));
      }
      done.push([name, seconds]);
      console.log(`=== stage ${name}: ${seconds.toFixed(1)} s${status === 0 ? "" : " (FAILED)"}`);
      if (status !== 0 && !failed) {
        failed = `${name} failed (${signal ?? `exit code ${status}`})`;
        for (const other of running) other.kill("SIGTERM"); // the other lane's work is moot now
      }
      resolve(status === 0);
    });
  });
}

clearTimings();
const started = performance.now();
for (const lanes of STEPS) {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const stage of lane)
        if (failed || !(await runStage(stage, lanes.length > 1 && !streams(lanes, lane)))) return;
    }),
  );
  if (failed) break;
}

console.log(
  `\nnpm test, seconds per stage (ESLint, boundaries and format ran beside typecheck, knip, unit and build${driver === "pglite" ? "; integration beside e2e" : ""}):`,
);
for (const [name, seconds] of done) console.log(`  ${name.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"total".padEnd(24)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
for (const line of slowestLines()) console.log(line);
if (failed) {
  console.error(`\nnpm test: ${failed}`);
  process.exit(1);
}
