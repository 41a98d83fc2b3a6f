import { processIo } from "./cli/io";
import { workerCli } from "./cli/worker";

process.exitCode = await workerCli(process.argv.slice(2), processIo(), untilSignalled);

/** Until Ctrl-C (SIGINT) or SIGTERM, keeping the process alive meanwhile (the worker's own timer is unref()'d). */
function untilSignalled(): Promise<void> {
  const keepAlive = setInterval(() => {}, 1 << 30);
  return new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        clearInterval(keepAlive);
        resolve();
      });
    }
  });
}
