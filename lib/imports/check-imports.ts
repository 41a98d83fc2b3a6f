import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { importRows, imports, type ImportKeys, type ImportRowError } from "@/db/schema";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/actor";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { parseInput } from "@/lib/validation";
import { fileImportRow } from "./file-import-row";
import { afterCheck, importer, inTransactions, letOthersRun, lockNextImport, nextRows } from "./import-job";
import { enqueueImportFinished } from "./import-finished-event";
import { importRowError } from "./import-row-error";
import { importRowSchema, type ImportRowInput } from "./import-row-schema";

/**
 * Rows per chunk: each row is a savepoint (inside the chunk's own), under PostgreSQL's 64 cached subtransactions, as
 * the filing's batches; a chunk is also the turn an account gets before the next account's (lockNextImport), and on
 * the embedded database (one connection) what the other jobs wait for at most. Chunks per tick: the loop's tick ends.
 */
const CHUNK_SIZE = 50;
const MAX_CHUNKS = 40;

class DryRunDone extends Error {}
type Chunk = { rowNumber: number; input: ImportRowInput }[];

/**
 * The check job: dry-runs the unchecked rows of `checking` imports (createRequest's own checks: ids that exist,
 * formats, release dates), a chunk per transaction, accounts taking turns, until none is left or `maxChunks` are done. Each chunk holds its
 * import's row (FOR UPDATE SKIP LOCKED, as the filing job), files the rows in a savepoint that is rolled back, and
 * marks each row pending or invalid in the transaction that checked it: a crash loses the chunk whole, so a restart
 * checks it again and no row is counted twice. Once no row is unchecked, the import moves on (afterCheck).
 */
export async function checkImports(
  db: Db,
  {
    chunkSize = CHUNK_SIZE,
    maxChunks = MAX_CHUNKS,
    stopping = () => false,
  }: { chunkSize?: number; maxChunks?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const rates = await loadRateTable(db);
  return inTransactions(db, maxChunks, (tx, after) => checkNextChunk(tx, chunkSize, rates, after), stopping);
}

async function checkNextChunk(
  tx: Tx,
  chunkSize: number,
  rates: RateTable,
  afterAccount: number | null,
): Promise<{ rows: number; accountId: number } | null> {
  const found = await lockNextImport(tx, ["checking"], afterAccount);
  if (!found) return null;
  const { rows: chunkRows, more } = await nextRows(tx, found.id, "unchecked", chunkSize);
  const refused = new Map<number, ImportRowError>();
  const refuse = (rowNumber: number, err: unknown) => {
    if (!(err instanceof DomainError)) throw err;
    refused.set(rowNumber, importRowError(err, found.source));
  };
  const chunk: Chunk = [];
  for (const { rowNumber, body } of chunkRows) {
    try {
      chunk.push({ rowNumber, input: parseInput(importRowSchema, body) });
    } catch (err) {
      refuse(rowNumber, err); // the schema changed since the upload
    }
  }
  await dryRun(tx, { client: importer(found), rates }, chunk, refuse);
  const thisImport = eq(importRows.importId, found.id);
  const passed = chunkRows.filter((r) => !refused.has(r.rowNumber)).map((r) => r.rowNumber);
  if (passed.length > 0)
    await tx
      .update(importRows)
      .set({ status: "pending" })
      .where(and(thisImport, inArray(importRows.rowNumber, passed)));
  for (const [rowNumber, error] of refused) {
    await tx
      .update(importRows)
      .set({ status: "invalid", error })
      .where(and(thisImport, eq(importRows.rowNumber, rowNumber)));
  }
  if (!more) {
    const [valid] = await tx
      .select({ rowNumber: importRows.rowNumber })
      .from(importRows)
      .where(and(thisImport, eq(importRows.status, "pending")))
      .limit(1);
    await tx
      .update(imports)
      .set(afterCheck(found.source, valid !== undefined, now()))
      .where(eq(imports.id, found.id));
    await enqueueImportFinished(tx, found.id);
  }
  return { rows: chunkRows.length, accountId: found.accountId };
}

/**
 * Files the chunk's rows in a savepoint rolled back at its end, and `refuse`s each row the filing refuses. Every chunk
 * starts with no albumKey filed: a row whose key began in an earlier chunk is filed on an album of its own here, and
 * since rows of a key agree on album, licensee and release (parseImportRows), it passes or fails alike. So does a
 * medley part whose whole was in an earlier chunk, checked here as a plain track of that album: what the dry run
 * refuses (ids, formats, release dates) is the album's and release's, which a part shares with its whole.
 */
async function dryRun(
  tx: Tx,
  filer: { client: Extract<Actor, { kind: "client" }>; rates: RateTable },
  chunk: Chunk,
  refuse: (rowNumber: number, err: unknown) => void,
) {
  try {
    await tx.transaction(async (savepoint) => {
      let numbered = 0;
      const ctx = {
        ...filer,
        keys: { albums: {}, licensees: {} } satisfies ImportKeys,
        dryRun: true,
        dryRunRequestId: () => --numbered,
      };
      for (const { rowNumber, input } of chunk) {
        await letOthersRun();
        await fileImportRow(savepoint, ctx, input).catch((err: unknown) => refuse(rowNumber, err));
      }
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
}
