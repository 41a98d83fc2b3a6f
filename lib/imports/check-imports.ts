import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { importRows, imports, type ImportKeys, type ImportRowError } from "@/db/schema";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { parseInput } from "@/lib/validation";
import { fileImportRow } from "./file-import-row";
import { afterCheck, importer, lockNextImport } from "./import-job";
import { importRowError } from "./import-row-error";
import { importRowSchema } from "./import-row-schema";

/**
 * Rows per chunk: each row is a savepoint (inside the chunk's own), under PostgreSQL's 64 cached subtransactions, as
 * the filing's batches. Chunks per tick: a tick ends, so mail, webhooks and filing are not held up.
 */
const CHUNK_SIZE = 50;
const MAX_CHUNKS = 40;

class DryRunDone extends Error {}

/**
 * The check job: dry-runs the unchecked rows of `checking` imports (createRequest's own checks: ids that exist,
 * formats, release dates), a chunk per transaction, until none is left or `maxChunks` are done. Each chunk holds its
 * import's row (FOR UPDATE SKIP LOCKED, as the filing job), files the rows in a savepoint that is rolled back, and
 * marks each row pending or invalid in the transaction that checked it: a crash loses the chunk whole, so a restart
 * checks it again and no row is counted twice. Once no row is unchecked, the import moves on (afterCheck).
 */
export async function checkImports(db: Db, { chunkSize = CHUNK_SIZE, maxChunks = MAX_CHUNKS } = {}): Promise<number> {
  let checked = 0;
  for (let chunks = 0; chunks < maxChunks; chunks++) {
    const n = await db.transaction((tx) => checkNextChunk(tx, chunkSize));
    if (n === null) break;
    checked += n;
  }
  return checked;
}

async function checkNextChunk(tx: Tx, chunkSize: number): Promise<number | null> {
  const found = await lockNextImport(tx, ["checking"]);
  if (!found) return null;
  const rows = await tx
    .select({ rowNumber: importRows.rowNumber, body: importRows.body })
    .from(importRows)
    .where(and(eq(importRows.importId, found.id), eq(importRows.status, "unchecked")))
    .orderBy(asc(importRows.rowNumber))
    .limit(chunkSize + 1);
  const chunk = rows.slice(0, chunkSize);
  const refused = await dryRun(tx, found, chunk);
  const thisImport = eq(importRows.importId, found.id);
  const passed = chunk.filter((r) => !refused.has(r.rowNumber)).map((r) => r.rowNumber);
  if (passed.length > 0) await tx.update(importRows).set({ status: "pending" }).where(and(thisImport, inArray(importRows.rowNumber, passed)));
  for (const [rowNumber, error] of refused) {
    await tx.update(importRows).set({ status: "invalid", error }).where(and(thisImport, eq(importRows.rowNumber, rowNumber)));
  }
  if (rows.length <= chunkSize) {
    const [valid] = await tx.select({ rowNumber: importRows.rowNumber }).from(importRows).where(and(thisImport, eq(importRows.status, "pending"))).limit(1);
    await tx.update(imports).set(afterCheck(found.source, valid !== undefined, now())).where(eq(imports.id, found.id));
  }
  return chunk.length;
}

/**
 * Files the chunk's rows in a savepoint rolled back at its end, and answers each refused row's error. Every chunk
 * starts with no albumKey filed: a row whose key began in an earlier chunk is filed on an album of its own here, and
 * since rows of a key agree on album, licensee and release (parseImportRows), it passes or fails alike.
 */
async function dryRun(tx: Tx, found: typeof imports.$inferSelect, chunk: { rowNumber: number; body: unknown }[]) {
  const refused = new Map<number, ImportRowError>();
  try {
    await tx.transaction(async (savepoint) => {
      const ctx = { client: importer(found), keys: { albums: {}, licensees: {} } satisfies ImportKeys, rates: await loadRateTable(savepoint) };
      for (const { rowNumber, body } of chunk) {
        try {
          await fileImportRow(savepoint, ctx, parseInput(importRowSchema, body));
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          refused.set(rowNumber, importRowError(err, found.source));
        }
      }
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
  return refused;
}
