// Per-file test timings, written by the test runners' timing reporters (tests/reporters/) into .test-reports/ and
// read back here: `npm run test:slowest` and the end of `npm test` list the slowest files of the last runs.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const REPORTS = ".test-reports";

export type FileTiming = { seconds: number; tests: number };

/** Writes one run's timings: `files` maps a test file to its seconds and its number of tests. */
export function writeTimings(name: string, files: Record<string, FileTiming>) {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(path.join(REPORTS, `${name}.json`), `${JSON.stringify({ name, files }, null, 1)}\n`);
}

/** Forgets earlier runs, so that the list shows only the runs that follow. */
export function clearTimings() {
  rmSync(REPORTS, { recursive: true, force: true });
}

/** The `count` slowest files over every run on record, slowest first: `{ run, file, seconds, tests }`. */
export function slowestFiles(count = 10): { run: string; file: string; seconds: number; tests: number }[] {
  let names: string[] = [];
  try {
    names = readdirSync(REPORTS).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const rows = names.flatMap((n) => {
    const { name, files } = JSON.parse(readFileSync(path.join(REPORTS, n), "utf8")) as {
      name: string;
      files: Record<string, FileTiming>;
    };
    return Object.entries(files).map(([file, { seconds, tests }]) => ({ run: name, file, seconds, tests }));
  });
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** The slowest files as printed lines. */
export function slowestLines(count = 10): string[] {
  const rows = slowestFiles(count);
  if (rows.length === 0) return [`no test timings in ${REPORTS}/ yet: run npm test (or one of its test stages) first`];
  return [
    `the ${rows.length} slowest test files (seconds of test time, including their setup):`,
    ...rows.map((r) => `${r.seconds.toFixed(1).padStart(7)} s  ${r.file}  (${r.tests} tests, ${r.run})`),
  ];
}
