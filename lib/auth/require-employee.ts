import { requireRole, type Actor } from "./actor";

/** Staff operations (catalog, research, statuses, notices) are the service employees' work alone. */
export const requireEmployee = (actor: Actor, doing: string) => requireRole(actor, ["employee"], doing);
