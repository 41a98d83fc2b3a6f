import { requireRole, type Actor } from "./actor";

/** Filing and reordering requests is client staff's work: they act for their own account. */
export const requireClient = (actor: Actor, doing: string) => requireRole(actor, ["client"], doing);
