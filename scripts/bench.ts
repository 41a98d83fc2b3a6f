// Prints performance figures of the request domain on a fresh database (PGlite, or DATABASE_URL's server).
// Figures, not assertions: compare runs by eye or in CI logs.
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createDb } from "@/db/client";
import { env } from "@/env";
import { findOrCreateAccount } from "@/lib/accounts/find-or-create-account";
import type { Actor } from "@/lib/auth/actor";
import { parseAlbumPatch, patchAlbum } from "@/lib/albums/patch-album";
import { createRequest } from "@/lib/requests/create-request";
import { listRequests } from "@/lib/requests/list-requests";
import { reorderTrack } from "@/lib/requests/reorder-track";
import { createRequestSchema } from "@/lib/requests/schemas";
import { benchMatching } from "./bench-matching";

const { BENCH_REQUESTS: N, BENCH_CATALOG_SONGS: SONGS } = env();

async function timed(label: string, runs: number, fn: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(34)} runs ${String(runs).padStart(4)}  p50 ${pct(50).padStart(7)} ms  p95 ${pct(95).padStart(7)} ms`,
  );
}

async function main() {
  const url = env().DATABASE_URL;
  const handle = await createDb(url ? { driver: "pg", url } : { driver: "pglite" });
  await handle.migrate();
  const { db } = handle;
  const account = await findOrCreateAccount(db, `Bench ${Date.now()}`);
  const actor: Actor = {
    kind: "client",
    name: "bench",
    accountId: account.id,
    role: "admin",
    userId: null,
    apiKeyId: null,
  };
  const body = (i: number) =>
    createRequestSchema.parse({
      track: {
        album: { title: `Bench ${i}`, artist: "Bench", licensee: { lastName: "Bench", email: "bench@example.com" } },
        lengthInSeconds: 180 + (i % 300),
        releases: [{ formatId: 1001 + (i % 2), releaseQuantity: 1000 }],
        song: { title: `Song ${i}`, originalRecordingArtist: "Artist" },
      },
    });

  const [load] = loadavg();
  // Wall-clock figures: on a busy machine they include waiting for a CPU.
  console.log(
    `CoverDesk bench on ${handle.driver}, ${N} requests; load average ${load!.toFixed(1)} on ${cpus().length} CPUs`,
  );
  const created: { trackId: number; albumId: number }[] = [];
  await timed("create request (POST /api/requests)", N, async (i) =>
    created.push(await createRequest(db, actor, body(i))),
  );
  await timed("reorder (one-track album)", 50, (i) =>
    reorderTrack(db, actor, created[i]!.trackId, {
      releaseQuantity: 10,
      formatId: 1001,
      expectedOutletsOfDistribution: null,
      label: null,
      catalogNumber: null,
      manufactureDate: null,
    }),
  );
  await timed("patch album title", 50, (i) =>
    patchAlbum(db, actor, created[i]!.albumId, parseAlbumPatch([{ op: "replace", path: "title", value: `T${i}` }])),
  );
  await timed("list requests, first page of 100", 30, () => listRequests(db, actor, { offset: 0, limit: 100 }));
  await timed("list requests, status filter", 30, () =>
    listRequests(db, actor, { offset: 100, limit: 100, status: ["new"] }),
  );
  await benchMatching(url, SONGS, timed);
  await handle.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
