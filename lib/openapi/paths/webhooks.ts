import { deliveriesQuery } from "@/lib/webhooks/list-webhook-deliveries";
import { newWebhookInput, webhookFields } from "@/lib/webhooks/webhook-fields";
import { ids, jsonPatch, type Operation } from "../operation";
import { createdWebhookEndpoint, webhookDeliveryView, webhookEndpointView } from "../views-webhooks";

const tag = "Webhooks";
const roles = ["client:admin"] as const;
const endpointId = ids({ id: "webhook endpoint" });

export const webhookOperations: Operation[] = [
  {
    method: "post",
    path: "/api/webhooks",
    tag,
    summary: "Register a webhook endpoint",
    description:
      "Events are POSTed as `{type, timestamp, data}`, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer's `secret` is shown once. The URL must be https:// and resolve to public addresses.",
    roles,
    body: newWebhookInput.meta({
      id: "NewWebhookEndpoint",
      example: { url: "https://hooks.example.com/coverdesk", events: ["request.status_changed", "wallpost.created"] },
    }),
    success: [{ status: 201, description: "The endpoint, with its secret", schema: createdWebhookEndpoint }],
    errors: ["limit_reached"],
  },
  {
    method: "get",
    path: "/api/webhooks",
    tag,
    summary: "List webhook endpoints",
    roles,
    success: [
      {
        status: 200,
        description: "Every endpoint of the account (never their secrets)",
        schema: webhookEndpointView,
        list: true,
      },
    ],
  },
  {
    method: "get",
    path: "/api/webhooks/{id}",
    tag,
    summary: "Read a webhook endpoint",
    roles,
    params: endpointId,
    success: [{ status: 200, description: "The endpoint", schema: webhookEndpointView }],
  },
  {
    method: "patch",
    path: "/api/webhooks/{id}",
    tag,
    summary: "Change a webhook endpoint's URL or events, or turn it off or on",
    description: "Turning it on clears why it was turned off; the events that waited are then sent in order.",
    roles,
    params: endpointId,
    body: jsonPatch(webhookFields, [{ op: "replace", path: "enabled", value: false }]).meta({
      id: "WebhookEndpointPatch",
    }),
    success: [{ status: 200, description: "The endpoint", schema: webhookEndpointView }],
    errors: ["invalid_patch"],
  },
  {
    method: "delete",
    path: "/api/webhooks/{id}",
    tag,
    summary: "Delete a webhook endpoint",
    description: "Its delivery log and unsent events go with it.",
    roles,
    params: endpointId,
    success: [{ status: 204, description: "Deleted" }],
  },
  {
    method: "get",
    path: "/api/webhooks/{id}/deliveries",
    tag,
    summary: "The endpoint's delivery log",
    description: "Newest first: each event, its state, attempts, last response code and error.",
    roles,
    params: endpointId,
    query: deliveriesQuery,
    success: [{ status: 200, description: "A page of deliveries", schema: webhookDeliveryView, list: true }],
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
    tag,
    summary: "Send a delivery again",
    description:
      "Due at once, with the same `webhook-id`. At most `WEBHOOK_RESENDS_PER_HOUR` (default 60) resends per hour per " +
      "account; past it, 429 `rate_limited` with `Retry-After`.",
    roles,
    params: ids({ id: "webhook endpoint", deliveryId: "webhook delivery" }),
    success: [{ status: 200, description: "The delivery, pending", schema: webhookDeliveryView }],
    errors: ["rate_limited"],
  },
];
