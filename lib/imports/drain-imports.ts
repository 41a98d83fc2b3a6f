import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { importRows, imports } from "@/db/schema";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { parseInput } from "@/lib/validation";
import { fileImportRow } from "./file-import-row";
import { importer, inTransactions, letOthersRun, lockNextImport, nextRows } from "./import-job";
import { enqueueImportFinished } from "./import-finished-event";
import { importRowError } from "./import-row-error";
import { importRowSchema } from "./import-row-schema";

/**
 * Rows per transaction: each row is a savepoint, and PostgreSQL slows down past 64 subtransactions in one transaction
 * (its per-backend cache of them overflows). A batch is also the turn an account gets before the next account's
 * (lockNextImport). Batches per tick: the loop's tick ends.
 */
const BATCH_SIZE = 50;
const MAX_BATCHES = 40;

/**
 * The background job: files the pending rows of queued imports, a batch per transaction, accounts taking turns,
 * until none is left or
 * `maxBatches` are done (the next tick goes on). Each
 * batch holds its import's row (FOR UPDATE SKIP LOCKED: another process takes another import, or waits for the next
 * tick) and marks every row filed or failed in the transaction that filed it: a crash loses the whole batch, filing
 * included, so a restart resumes where the last commit left off and never files a row twice.
 */
export async function drainImports(
  db: Db,
  {
    batchSize = BATCH_SIZE,
    maxBatches = MAX_BATCHES,
    stopping = () => false,
  }: { batchSize?: number; maxBatches?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const rates = await loadRateTable(db);
  return inTransactions(db, maxBatches, (tx, after) => fileNextBatch(tx, batchSize, rates, after), stopping);
}

async function fileNextBatch(
  tx: Tx,
  batchSize: number,
  rates: RateTable,
  afterAccount: number | null,
): Promise<{ rows: number; accountId: number } | null> {
  const found = await lockNextImport(tx, ["queued", "running"], afterAccount);
  if (!found) return null;
  const { rows: batch, more } = await nextRows(tx, found.id, "pending", batchSize);
  const ctx = {
    client: importer(found),
    keys: structuredClone(found.keys),
    rates,
    dryRun: false,
    answeredAt: found.dateAdded,
  };
  for (const { rowNumber, body } of batch) {
    await letOthersRun();
    const thisRow = and(eq(importRows.importId, found.id), eq(importRows.rowNumber, rowNumber));
    try {
      const requestId = await fileImportRow(tx, ctx, parseInput(importRowSchema, body));
      await tx.update(importRows).set({ status: "filed", requestId }).where(thisRow);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await tx
        .update(importRows)
        .set({ status: "failed", error: importRowError(err, found.source) })
        .where(thisRow);
    }
  }
  const done = !more;
  await tx
    .update(imports)
    .set({ keys: ctx.keys, status: done ? "done" : "running", doneAt: done ? now() : null })
    .where(eq(imports.id, found.id));
  if (done) await enqueueImportFinished(tx, found.id);
  return { rows: batch.length, accountId: found.accountId };
}
