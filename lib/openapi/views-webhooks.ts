import { z } from "zod";
import type { CreatedWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import type { WebhookDeliveryView } from "@/lib/webhooks/webhook-delivery-view";
import type { WebhookEndpointView } from "@/lib/webhooks/webhook-endpoint-view";
import { exactly, timestamp } from "./views";

const webhookEndpointShape = {
  id: z.int(),
  url: z.string().meta({ example: "https://hooks.example.com/coverdesk" }),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: "Why CoverDesk turned the endpoint off (3 days of failures); null otherwise" }),
  failingSince: timestamp.nullable().meta({ description: "The first failed delivery since the last success" }),
  dateAdded: timestamp,
};
export const webhookEndpointView = exactly<WebhookEndpointView>()(
  z.object(webhookEndpointShape).meta({ id: "WebhookEndpoint" }),
);
export const createdWebhookEndpoint = exactly<CreatedWebhookEndpoint>()(
  z
    .object({
      ...webhookEndpointShape,
      secret: z.string().meta({
        description: "Signs every delivery (Standard Webhooks); shown in this answer only",
        example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      }),
    })
    .meta({ id: "CreatedWebhookEndpoint" }),
);

export const webhookDeliveryView = exactly<WebhookDeliveryView>()(
  z
    .object({
      id: z.int(),
      messageId: z.string().meta({ description: "The `webhook-id` header, the same on every attempt" }),
      event: z.enum(WEBHOOK_EVENTS),
      requestId: z.int().nullable(),
      status: z.enum(["pending", "sent", "expired"]).meta({
        description: "`expired`: waited 30 days while its endpoint was off, and was not sent",
      }),
      attempts: z.int(),
      lastResponseCode: z.int().nullable(),
      lastError: z.string().nullable(),
      nextAttemptAt: timestamp.nullable(),
      lastAttemptAt: timestamp.nullable(),
      sentAt: timestamp.nullable(),
      dateAdded: timestamp,
    })
    .meta({ id: "WebhookDelivery" }),
);
