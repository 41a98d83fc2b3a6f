import { sql } from "drizzle-orm";
import type { Conn } from "@/db/client";

/** Held while positions are handed out, so two positioners never give the same numbers. */
const POSITION_LOCK = 7_240_046;

/**
 * Gives every stored event whose writing transaction has committed the next positions, in id order: GET /api/events
 * pages by position, so a reader never skips an event that committed after a later one was already listed. The
 * update's snapshot holds only committed rows, so an event still being written waits for a later run and gets a
 * position above every one handed out before; the lock makes each run read the last one's highest position
 * (docs/decisions/event-positions.md). Runs in a short transaction of its own.
 */
export async function positionEvents(db: Conn): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${POSITION_LOCK})`);
    await tx.execute(sql`
      with ready as (
        select id, row_number() over (order by id) as n from events where position is null
      ), last as (select coalesce(max(position), 0) as at from events)
      update events set position = last.at + ready.n
      from ready, last
      where events.id = ready.id`);
  });
}
