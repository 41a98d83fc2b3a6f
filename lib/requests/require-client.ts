import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/errors";

/** Filing and reordering requests is client staff's work: they act for their own account. */
export function requireClient(actor: Actor, doing: string) {
  if (actor.kind !== "client") throw forbidden(`Only client staff can ${doing}.`);
  return actor;
}
