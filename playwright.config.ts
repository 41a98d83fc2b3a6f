import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const DATA_DIR = process.env.E2E_PGLITE_DIR ?? ".data/e2e";
// The server mails through here: the run's one listener (e2e/global-setup.ts) keeps each message in the mailbox
// folder for every worker to read (e2e/mailbox.ts). The test workers inherit this env.
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
process.env.E2E_MAILBOX_DIR ??= `${DATA_DIR}-mailbox`;
// Card payments go to the run's one stand-in of Stripe (tests/helpers/stripe-stand-in.ts, started by global-setup).
process.env.E2E_STRIPE_PORT ??= String(PORT + 2000);
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= "whsec_e2e_stand_in";
process.env.E2E_BASE_URL ??= `http://localhost:${PORT}`;
// Which tests hold a turn on the server (e2e/turns.ts): a test tagged @exclusive runs while no other does.
process.env.E2E_TURNS_DIR ??= `${DATA_DIR}-turns`;
// Debian's chromium-headless-shell (the headless-only build Playwright itself runs by default) takes much less
// CPU per page than the full browser; the full browser still works where it is all that is installed.
const chromium =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromium,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

const LONG_FIRST = ["staff-workflow", "api-reference", "request-wizard-search", "research", "a11y-pages"].map(
  (f) => `**/${f}.spec.ts`,
);

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Every test makes the data it changes (its own albums, accounts, users and keys), so any two tests may run at the
  // same time, whatever their files. What no test can keep to itself (the service-wide fee schedule, the staff
  // dashboard's newest posts of every account) is tagged @exclusive: it waits for the server to itself (e2e/turns.ts).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"], ["./tests/reporters/playwright-timings.ts"]],
  // Whole flows (filing → invoice → payment → licensing → statements) span several users and dozens of page loads;
  // on a 2-core CI machine shared with other work they need more than a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every test is a large share of the run's CPU: off unless asked for
    // (E2E_TRACE=retain-on-failure npm test, or --trace on the command line). A failure keeps its screenshot.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
  },
  // Workers take tests in this order: the files holding the longest tests go first, so that the run does not end
  // with one worker idle while the other finishes a long test begun late.
  projects: [
    { name: "chromium, long tests first", use: browser, testMatch: LONG_FIRST },
    { name: "chromium", use: browser, testIgnore: LONG_FIRST },
  ],
  webServer: {
    // A fresh embedded database each run (unless DATABASE_URL is exported), seeded with the demo data.
    // API keys for the tests are made before the server takes the database (see e2e/helpers.ts apiKey()).
    command: [
      `rm -rf ${DATA_DIR} ${DATA_DIR}.lock ${DATA_DIR}-*.key`,
      `node_modules/.bin/tsx scripts/e2e-prepare.mts ${DATA_DIR}-client.key ${DATA_DIR}-staff.key`,
      `node_modules/.bin/next start -p ${PORT}`,
    ].join(" && "),
    url: `http://localhost:${PORT}/api/health`,
    env: {
      PGLITE_DIR: DATA_DIR,
      AUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      RATE_LIMIT_PER_MINUTE: "0",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      OUTBOX_POLL_MS: "300",
      // The browser tests wait seconds for a wall post's mail, not the minutes it would wait for more posts on its
      // album; that wait is tests/integration/wall-mail-coalescing.test.ts's subject.
      WALL_MAIL_COALESCE_MINUTES: "0",
      // e2e/webhooks.spec.ts's receiver listens on 127.0.0.1, which production refuses (SSRF) unless allowed.
      WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1",
      // Links in mail and Stripe's way back to Billing point at this server.
      PUBLIC_BASE_URL: process.env.E2E_BASE_URL,
      STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
      STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
