import type { events } from "@/db/schema";
import { publicEventId } from "./event-id";

type Row = Pick<typeof events.$inferSelect, "id" | "type" | "created" | "data">;

/** A stored event as GET /api/events lists it: the same `id`, `type` and `data` its webhook body carries. */
export function toEventView(row: Row) {
  return { id: publicEventId(row.id), type: row.type, created: row.created.toISOString(), data: row.data };
}
export type EventView = ReturnType<typeof toEventView>;
