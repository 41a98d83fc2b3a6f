import type { Conn } from "@/db/client";
import { insertStatement } from "@/db/statement";
import { requestStatusEvents } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { Visibility } from "@/lib/wall/visibilities";
import type { CannotLicenseReason, StatusCode } from "./statuses";

const insertStatusEvent = insertStatement(requestStatusEvents, [
  "requestId",
  "fromCode",
  "toCode",
  "reason",
  "note",
  "noteVisibility",
  "actorKind",
  "actorName",
  "actorUserId",
]);

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
    noteVisibility?: Visibility;
  },
) {
  await insertStatusEvent.run(db, {
    requestId: event.requestId,
    fromCode: event.fromCode,
    toCode: event.toCode,
    reason: event.reason ?? null,
    note: event.note ?? null,
    noteVisibility: event.noteVisibility ?? "public",
    actorKind: actor.kind,
    actorName: actor.name,
    actorUserId: actor.userId,
  });
}
