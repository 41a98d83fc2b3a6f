import { webhookDeliveries } from "@/db/schema";

export const webhookDeliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  event: webhookDeliveries.event,
  requestId: webhookDeliveries.requestId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastResponseCode: webhookDeliveries.lastResponseCode,
  lastError: webhookDeliveries.lastError,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  sentAt: webhookDeliveries.sentAt,
  dateAdded: webhookDeliveries.dateAdded,
};

type Row = Pick<typeof webhookDeliveries.$inferSelect, keyof typeof webhookDeliveryColumns>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One line of an endpoint's delivery log. */
export function toWebhookDeliveryView(row: Row) {
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    requestId: row.requestId,
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    sentAt: iso(row.sentAt),
    dateAdded: row.dateAdded.toISOString(),
  };
}
export type WebhookDeliveryView = ReturnType<typeof toWebhookDeliveryView>;
