import { forbidden } from "@/lib/errors";
import type { Actor } from "./actor";

/** Staff operations (catalog, research, statuses, notices) are the service employees' work alone. */
export function requireEmployee(actor: Actor, doing: string) {
  if (actor.kind !== "employee") throw forbidden(`Only service staff can ${doing}.`);
  return actor;
}
