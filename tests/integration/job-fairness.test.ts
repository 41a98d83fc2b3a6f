import { randomUUID } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importRows, imports, webhookDeliveries } from "@/db/schema";
import { backgroundJobs, startOutboxWorker } from "@/lib/jobs/outbox-worker";
import { smtpMailer } from "@/lib/outbox/mailer";
import { requestPasswordReset } from "@/lib/people/request-password-reset";
import { clientKey } from "../helpers/api";
import { importRow, postImport, readImport } from "../helpers/imports";
import { clientStaff } from "../helpers/people";
import { startSmtpListener, type SmtpListener } from "../helpers/smtp";
import { setupTestDb } from "../helpers/test-db";
import { registerWebhook, startReceiver, type Receiver } from "../helpers/webhooks";

const db = setupTestDb();
/** What the third account may wait, whatever the others do (the bound is the requirement). */
const BOUND_MS = 10_000;
const BIG_IMPORT_ROWS = 10_000;

/** Connections open at once on all the black holes together, and the most there were. */
const held = { open: 0, most: 0, total: 0 };

/** A TCP listener that accepts every connection and never answers: the endpoint of a webhook that hangs. */
async function blackHole() {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    held.total++;
    held.most = Math.max(held.most, ++held.open);
    socket.on("close", () => held.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `n` deliveries due now on the endpoint, written directly (as a flood of events or resends leaves them). */
async function dueDeliveries(endpointId: number, n: number) {
  await db()
    .insert(webhookDeliveries)
    .values(
      Array.from({ length: n }, () => ({
        endpointId,
        messageId: `msg_${randomUUID()}`,
        event: "wallpost.created" as const,
        payload: { type: "wallpost.created" },
        status: "pending" as const,
      })),
    );
}

/** A checking import of `n` valid rows, written directly: uploading that many rows is not what this file is about. */
async function bigImport(accountId: number, n: number): Promise<number> {
  const [created] = await db()
    .insert(imports)
    .values({ accountId, createdByName: "Big Records' key", source: "api", status: "checking" })
    .returning({ id: imports.id });
  const body = importRow("Row");
  for (let start = 0; start < n; start += 1_000) {
    await db()
      .insert(importRows)
      .values(
        Array.from({ length: Math.min(1_000, n - start) }, (_, i) => ({
          importId: created!.id,
          rowNumber: start + i + 1,
          body,
          status: "unchecked" as const,
        })),
      );
  }
  return created!.id;
}

let holes: Awaited<ReturnType<typeof blackHole>>[] = [];
let smtp: SmtpListener;
let fine: Receiver;

beforeAll(async () => {
  vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE", "1");
  vi.stubEnv("WEBHOOK_TIMEOUT_MS", "10000");
  smtp = await startSmtpListener();
  fine = await startReceiver();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all(holes.map((h) => h.close()));
  await smtp.close();
  await fine.close();
});

describe("one account's slow endpoints and big import", () => {
  it("hold up neither another account's reset mail and small import, nor its webhooks", async () => {
    // Account A: four endpoints that accept and never answer, with a backlog of due deliveries on each.
    const a = await clientKey(db(), "Black Hole Records");
    holes = await Promise.all(Array.from({ length: 4 }, blackHole));
    for (const hole of holes) await dueDeliveries((await registerWebhook(a.key, hole.url)).id, 20);
    // Account B: a 10,000-row import being checked.
    const b = await clientKey(db(), "Big Import Records");
    const big = await bigImport(b.accountId, BIG_IMPORT_ROWS);
    // Account D: one webhook event to a receiver that answers at once.
    const d = await clientKey(db(), "Quick Hook Records");
    await dueDeliveries((await registerWebhook(d.key, fine.url)).id, 1);

    const worker = startOutboxWorker({
      db: () => Promise.resolve(db()),
      mailer: smtpMailer(smtp.url),
      intervalMs: 100,
      jobs: backgroundJobs(),
    });
    try {
      await vi.waitFor(() => expect(held.open).toBeGreaterThan(0), { timeout: BOUND_MS });
      // Account C, while A's deliveries hang and B's import is checked: a password reset and a 1-row import.
      const c = await clientKey(db(), "Third Records");
      await clientStaff(db(), "Third Records", "third@third.example", "member");
      const started = Date.now();
      await requestPasswordReset(db(), "third@third.example");
      const posted = await postImport(c.key, [importRow("Small")]);
      expect(posted.status).toBe(202);

      const waited = { mail: 0, import: 0 };
      await Promise.all([
        vi.waitFor(
          () => {
            expect(smtp.mails.some((m) => m.to.includes("third@third.example"))).toBe(true);
            waited.mail = Date.now() - started;
          },
          { timeout: BOUND_MS, interval: 50 },
        ),
        vi.waitFor(
          async () => {
            expect((await readImport(c.key, posted.body.id as number)).body).toMatchObject({
              status: "done",
              counts: { filed: 1 },
            });
            waited.import = Date.now() - started;
          },
          { timeout: BOUND_MS, interval: 100 },
        ),
      ]);
      expect(waited.mail).toBeLessThan(BOUND_MS);
      expect(waited.import).toBeLessThan(BOUND_MS);
      await vi.waitFor(() => expect(fine.accepted()).toHaveLength(1), { timeout: BOUND_MS });

      // Meanwhile A's endpoints held only A's share of the delivery slots, and B's import was still in progress.
      expect(held.most).toBe(2); // WEBHOOK_CONCURRENCY_PER_ACCOUNT's default
      const [unchecked] = await db()
        .select({ n: count() })
        .from(importRows)
        .where(and(eq(importRows.importId, big), eq(importRows.status, "unchecked")));
      expect(unchecked!.n).toBeGreaterThan(0);
    } finally {
      // Hung deliveries fail at once when their listeners go, so the worker stops without waiting for their timeout.
      await Promise.all(holes.map((h) => h.close()));
      holes = [];
      await worker.stop();
    }
  });
});
