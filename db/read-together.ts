import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Conn } from "./client";

/**
 * Independent reads: at once on the database (each on a connection of the pool), one after another in a transaction.
 * A transaction is one connection, where queries wait their turn anyway, and node-postgres deprecates queueing them on
 * a busy client (pg@9 drops it). Each read is a function, so that none starts before its turn.
 */
export async function readTogether<T extends unknown[]>(
  db: Conn,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!is(db, PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
