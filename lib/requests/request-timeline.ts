import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requestStatusEvents } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { mayRead } from "@/lib/wall/wall-permissions";
import { findRequestView } from "./request-view";
import { statusView } from "./statuses";

/** A request's status history, oldest first. Everyone sees every step; its note only who may read it (wall-permissions.ts). */
export async function requestTimeline(db: Conn, actor: Actor, requestId: number) {
  await findRequestView(db, scopeOf(actor), requestId); // scoping: 404 for another account's request
  const events = await db
    .select()
    .from(requestStatusEvents)
    .where(eq(requestStatusEvents.requestId, requestId))
    .orderBy(asc(requestStatusEvents.dateAdded), asc(requestStatusEvents.id));
  return events.map((e) => {
    // A note the caller may not read goes with its visibility, so nothing says it was there.
    const readable = mayRead(actor, e.noteVisibility);
    return {
      id: e.id,
      from: e.fromCode,
      to: statusView(e.toCode, e.reason),
      note: readable ? e.note : null,
      noteVisibility: readable ? e.noteVisibility : null,
      actor: { kind: e.actorKind, name: e.actorName },
      dateAdded: e.dateAdded.toISOString(),
    };
  });
}
