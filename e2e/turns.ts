import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * Turns on the shared e2e server, across the workers: every test takes a shared turn, and a test tagged @exclusive
 * (it changes what no test can keep to itself, such as the service-wide fee schedule) takes the server alone. A
 * readers-writer lock kept as files in E2E_TURNS_DIR (playwright.config.ts), one per holder, named by its process.
 */
const folder = () => {
  const dir = process.env.E2E_TURNS_DIR;
  if (!dir) throw new Error("E2E_TURNS_DIR is not set: run the e2e tests through playwright.config.ts");
  return dir;
};
const EXCLUSIVE = "exclusive";
const sharedFile = () => path.join(folder(), `shared-${process.pid}`);
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Forgets every turn (the start of a run). */
export function resetTurns() {
  rmSync(folder(), { recursive: true, force: true });
  mkdirSync(folder(), { recursive: true });
}

/** Whether the process that wrote `file` still runs (a worker that died holds no turn). */
function heldByLiveProcess(file: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(folder(), file), "utf8"));
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

const exclusiveHeld = () => existsSync(path.join(folder(), EXCLUSIVE)) && heldByLiveProcess(EXCLUSIVE);
const othersShared = () =>
  readdirSync(folder()).some(
    (f) => f.startsWith("shared-") && f !== path.basename(sharedFile()) && heldByLiveProcess(f),
  );

/** Waits for this test's turn and returns what gives it back. */
export async function takeTurn(exclusive: boolean): Promise<() => void> {
  if (exclusive) {
    for (;;) {
      try {
        const fd = openSync(path.join(folder(), EXCLUSIVE), "wx");
        writeFileSync(fd, String(process.pid));
        closeSync(fd);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        if (!heldByLiveProcess(EXCLUSIVE)) rmSync(path.join(folder(), EXCLUSIVE), { force: true });
        await pause();
      }
    }
    // New shared turns wait from now on; the ones under way end first.
    while (othersShared()) await pause();
    return () => unlinkSync(path.join(folder(), EXCLUSIVE));
  }
  for (;;) {
    while (exclusiveHeld()) await pause();
    writeFileSync(sharedFile(), String(process.pid));
    if (!exclusiveHeld()) return () => rmSync(sharedFile(), { force: true });
    rmSync(sharedFile(), { force: true });
  }
}
