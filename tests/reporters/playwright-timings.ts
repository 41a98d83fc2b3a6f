import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { writeTimings, type FileTiming } from "../../scripts/test-timings";

/** Records each spec file's seconds (the sum of its tests' durations, on whichever worker each ran) for `npm run test:slowest`. */
export default class TimingReporter implements Reporter {
  private files: Record<string, FileTiming> = {};

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const timing = (this.files[file] ??= { seconds: 0, tests: 0 });
    timing.seconds += result.duration / 1000;
    timing.tests += 1;
  }

  onEnd() {
    writeTimings(`playwright e2e (${process.env.DATABASE_URL ? "postgresql" : "pglite"})`, this.files);
  }
}
