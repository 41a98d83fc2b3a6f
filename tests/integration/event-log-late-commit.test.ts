import { describe, expect, it } from "vitest";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { clientKey } from "../helpers/api";
import { readEvents } from "../helpers/events";
import { fileRequest } from "../helpers/fixtures";
import { setupTestDb } from "../helpers/test-db";

// Two transactions open at once need two connections: PostgreSQL only (tests/driver-sensitive.json, postgresOnly).
if (!process.env.DATABASE_URL)
  throw new Error(
    "event-log-late-commit needs a PostgreSQL server: set DATABASE_URL (npm run test:drivers does in CI)",
  );

const db = setupTestDb();
const idsOf = (res: { body: { id: string }[] }) => res.body.map((e) => e.id);
const rowId = (id: string) => Number(id.slice("evt_".length));

describe("GET /api/events while a transaction commits late", () => {
  it("lists an event committed after a later one once it has committed, after the cursor already given", async () => {
    const { key, accountId } = await clientKey(db(), "Late Records");
    const request = await fileRequest(key);
    const cursor = (await readEvents(key)).headers.get("x-next-cursor")!;
    const event = {
      accountId,
      type: "request.created" as const,
      requestId: request.id,
      data: () => Promise.resolve({ request }),
    };
    let commit!: () => void;
    let written!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const inserted = new Promise<void>((resolve) => (written = resolve));
    // The early event takes the lower id, and its transaction stays open while a later one commits.
    const late = db().transaction(async (tx) => {
      await enqueueWebhookEvent(tx, event);
      written();
      await held;
    });
    await inserted;
    await db().transaction((tx) => enqueueWebhookEvent(tx, event));

    const first = await readEvents(key, `after=${cursor}`);
    expect(idsOf(first)).toHaveLength(1);
    const [later] = idsOf(first);
    expect(first.headers.get("x-next-cursor")).toBe(later);

    commit();
    await late;
    const next = await readEvents(key, `after=${later}`);
    expect(idsOf(next)).toHaveLength(1);
    const [early] = idsOf(next);
    // Its id is the lower one: paging by id would have skipped it.
    expect(rowId(early!)).toBeLessThan(rowId(later!));
  });
});
