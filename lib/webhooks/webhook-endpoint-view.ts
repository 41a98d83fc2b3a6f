import { webhookEndpoints } from "@/db/schema";

/** Every read of an endpoint selects these: everything but its secret, which is shown once, at creation. */
export const webhookEndpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  dateAdded: webhookEndpoints.dateAdded,
};

type Row = Pick<typeof webhookEndpoints.$inferSelect, keyof typeof webhookEndpointColumns>;

/** A webhook endpoint as the API and the Webhooks page show it. */
export function toWebhookEndpointView(row: Row) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    dateAdded: row.dateAdded.toISOString(),
  };
}
export type WebhookEndpointView = ReturnType<typeof toWebhookEndpointView>;
