// `npm run bench:import`: a CSV of BENCH_IMPORT_ROWS rows uploaded (parsed), checked by the check job (previewed),
// confirmed and filed by the filing job, on a fresh in-memory database (or DATABASE_URL's server, in a new "Import bench" account). Figures,
// not assertions.
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createDb } from "@/db/client";
import { env } from "@/env";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import type { Actor } from "@/lib/auth/actor";
import { checkImports } from "@/lib/imports/check-imports";
import { confirmImport } from "@/lib/imports/confirm-import";
import { CSV_COLUMN_NAMES } from "@/lib/imports/csv-columns";
import { drainImports } from "@/lib/imports/drain-imports";
import { getImport } from "@/lib/imports/get-import";
import { uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { toCsv } from "@/lib/statements/csv";

const { BENCH_IMPORT_ROWS: ROWS, DATABASE_URL: url } = env();

/** Albums of 10 tracks each, a licensee per 5 albums (repeated details: one licensee each). */
function benchCsv(rows: number): string {
  const row = (i: number): Record<string, string> => {
    const album = Math.floor(i / 10);
    return {
      albumKey: `album-${album}`,
      albumTitle: `Bench Album ${album}`,
      albumArtist: "The Bench Band",
      licenseeCompanyName: `Bench Licensee ${Math.floor(album / 5)}`,
      licenseeEmail: `licensee${Math.floor(album / 5)}@example.com`,
      releaseFormat: "1002",
      releaseQuantity: "1000",
      trackLength: String(120 + (i % 300)),
      songTitle: `Bench Song ${i}`,
      songWriters: "A. Writer",
    };
  };
  return toCsv(
    CSV_COLUMN_NAMES,
    Array.from({ length: rows }, (_, i) => CSV_COLUMN_NAMES.map((c) => row(i)[c] ?? "")),
  );
}

async function main() {
  console.log(
    `import bench: ${ROWS} rows on ${url ? "PostgreSQL (DATABASE_URL)" : "PGlite (in memory)"}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const handle = await createDb(url ? { driver: "pg", url } : { driver: "pglite" });
  try {
    await handle.migrate();
    const { db } = handle;
    const account = await findOrCreateAccount(db, `Import bench ${Date.now()}`);
    const actor: Actor = {
      kind: "client",
      name: "bench",
      accountId: account.id,
      role: "member",
      userId: null,
      apiKeyId: null,
    };
    const text = benchCsv(ROWS);
    let start = performance.now();
    const uploaded = await uploadImportCsv(db, actor, { filename: "bench.csv", text });
    const uploadMs = performance.now() - start;
    console.log(
      `upload (parse, store)       ${(uploadMs / 1000).toFixed(1)} s  ${Math.round((ROWS * 1000) / uploadMs)} rows/s`,
    );
    start = performance.now();
    let checked = 0;
    for (let n = await checkImports(db); n > 0; n = await checkImports(db)) checked += n;
    const checkMs = performance.now() - start;
    const previewed = await getImport(db, actor, uploaded.id, { from: 1, limit: 1 });
    console.log(
      `check (background dry run)  ${(checkMs / 1000).toFixed(1)} s  ${Math.round((checked * 1000) / checkMs)} rows/s  (${checked} rows, ${previewed.counts.invalid} invalid)`,
    );
    await confirmImport(db, actor, uploaded.id);
    start = performance.now();
    let filed = 0;
    for (let n = await drainImports(db); n > 0; n = await drainImports(db)) filed += n;
    const fileMs = performance.now() - start;
    console.log(
      `filing (background job)     ${(fileMs / 1000).toFixed(1)} s  ${Math.round((filed * 1000) / fileMs)} rows/s  (${filed} rows)`,
    );
    console.log(`end to end                  ${Math.round((ROWS * 1000) / (uploadMs + checkMs + fileMs))} rows/s`);
  } finally {
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
