import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { writeTimings, type FileTiming } from "../../scripts/test-timings";

/**
 * Records each test file's seconds (its setup, import and collection, then its tests and hooks) per project and
 * database driver, for `npm run test:slowest` and the end of `npm test`.
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    const driver = process.env.DATABASE_URL ? "postgresql" : "pglite";
    const runs = new Map<string, Record<string, FileTiming>>();
    for (const mod of modules) {
      const d = mod.diagnostic();
      const run = mod.project.name === "unit" ? "unit" : `${mod.project.name} (${driver})`;
      const files = runs.get(run) ?? {};
      files[path.relative(process.cwd(), mod.moduleId)] = {
        seconds:
          (d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration) / 1000,
        tests: [...mod.children.allTests()].length,
      };
      runs.set(run, files);
    }
    for (const [run, files] of runs) writeTimings(`vitest ${run}`, files);
  }
}
