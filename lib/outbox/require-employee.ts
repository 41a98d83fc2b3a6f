import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/errors";

/** The outbox is the service's own business: only its staff read it or retry mail. */
export function requireEmployee(actor: Actor) {
  if (actor.kind !== "employee") throw forbidden("Only the service's staff can see the outbox.");
  return actor;
}
