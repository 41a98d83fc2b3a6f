import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requestStatusEvents } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findRequestView } from "./request-view";
import { statusView } from "./statuses";

/** A request's status history, oldest first. Licensees see every step but never a private note. */
export async function requestTimeline(db: Conn, actor: Actor, requestId: number) {
  await findRequestView(db, scopeOf(actor), requestId); // scoping: 404 for another account's request
  const events = await db
    .select()
    .from(requestStatusEvents)
    .where(eq(requestStatusEvents.requestId, requestId))
    .orderBy(asc(requestStatusEvents.dateAdded), asc(requestStatusEvents.id));
  return events.map((e) => ({
    id: e.id,
    from: e.fromCode,
    to: statusView(e.toCode, e.reason),
    note: e.notePrivate && actor.kind === "licensee" ? null : e.note,
    notePrivate: e.notePrivate,
    actor: { kind: e.actorKind, name: e.actorName },
    dateAdded: e.dateAdded.toISOString(),
  }));
}
