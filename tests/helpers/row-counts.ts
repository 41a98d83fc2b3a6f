import { count } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  albums,
  auditEvents,
  idempotencyKeys,
  licensees,
  outboxMessages,
  releases,
  releaseTracks,
  requests,
  requestStatusEvents,
  tracks,
  wallPosts,
} from "@/db/schema";

const TABLES = {
  licensees,
  albums,
  tracks,
  releases,
  releaseTracks,
  requests,
  requestStatusEvents,
  auditEvents,
  idempotencyKeys,
  wallPosts,
  outboxMessages,
};

/** How many rows each table of a request holds, to prove that a call created (or changed) nothing. */
export async function rowCounts(db: Db): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n] as const),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}
