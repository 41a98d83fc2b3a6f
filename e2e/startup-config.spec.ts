import { spawn } from "node:child_process";
import { expect, test } from "./fixtures";

/** Starts the built server on a free port with `settings` added to the environment; its exit code and stderr. */
function startServer(settings: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["next", "start", "-p", "0"], {
      env: {
        ...process.env,
        AUTH_SECRET: "e2e-secret-not-for-production-0123456789",
        PGLITE_DIR: "memory://",
        ...settings,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the server kept running with a bad setting; stderr:\n${stderr}`));
    }, 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

test("a bad setting stops the server at start, naming the variable and what it expects", async () => {
  const { code, stderr } = await startServer({ RATE_LIMIT_PER_MINUTE: "abc", SERVICE_TIME_ZONE: "Mars/Base" });
  expect(code).toBe(1);
  expect(stderr).toContain(
    'RATE_LIMIT_PER_MINUTE: expected a whole number of requests, 0 or more (0 turns the limit off) (got "abc")',
  );
  expect(stderr).toContain('SERVICE_TIME_ZONE: expected an IANA time zone such as America/Chicago (got "Mars/Base")');
});

test("a production server without AUTH_SECRET does not start", async () => {
  const { code, stderr } = await startServer({ AUTH_SECRET: "" });
  expect(code).toBe(1);
  expect(stderr).toContain("AUTH_SECRET: expected a secret that signs portal sessions");
});
