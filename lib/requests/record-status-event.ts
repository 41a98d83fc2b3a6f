import type { Conn } from "@/db/client";
import { requestStatusEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { CannotLicenseReason, StatusCode } from "./statuses";

/** Every status change (and a request's creation) is recorded with actor, time and optional note. */
export async function recordStatusEvent(
  db: Conn,
  actor: Actor,
  event: {
    requestId: number;
    fromCode: StatusCode | null;
    toCode: StatusCode;
    reason?: CannotLicenseReason | null;
    note?: string | null;
    notePrivate?: boolean;
  },
) {
  await db.insert(requestStatusEvents).values({
    requestId: event.requestId,
    fromCode: event.fromCode,
    toCode: event.toCode,
    reason: event.reason ?? null,
    note: event.note ?? null,
    notePrivate: event.notePrivate ?? false,
    actorKind: actor.kind,
    actorName: actor.name,
    actorUserId: actor.userId,
  });
}
