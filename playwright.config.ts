import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const DATA_DIR = process.env.E2E_PGLITE_DIR ?? ".data/e2e";
// The server mails through here; e2e/outbox.spec.ts listens on it (the test workers inherit this env).
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
const chromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "e2e",
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  // Whole flows (filing → invoice → payment → licensing → statements) span several users and dozens of page loads;
  // on a 2-core CI machine shared with other work they need more than a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: { baseURL: `http://localhost:${PORT}`, trace: "retain-on-failure" },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromium,
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        },
      },
    },
  ],
  webServer: {
    // A fresh embedded database each run (unless DATABASE_URL is exported), seeded with the demo data.
    // API keys for the tests are made before the server takes the database (see e2e/helpers.ts apiKey()).
    command: [
      `rm -rf ${DATA_DIR} ${DATA_DIR}.lock ${DATA_DIR}-*.key`,
      "npm run --silent db:seed",
      `npm run --silent api-key -- create --client "Demo Records" > ${DATA_DIR}-client.key`,
      `npm run --silent api-key -- create --staff > ${DATA_DIR}-staff.key`,
      `npx next start -p ${PORT}`,
    ].join(" && "),
    url: `http://localhost:${PORT}/api/health`,
    env: {
      PGLITE_DIR: DATA_DIR,
      AUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      RATE_LIMIT_PER_MINUTE: "0",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      OUTBOX_POLL_MS: "300",
      // e2e/webhooks.spec.ts's receiver listens on 127.0.0.1, which production refuses (SSRF).
      WEBHOOKS_ALLOW_PRIVATE: "1",
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
