import { z } from "zod";
import { listEventsQuery } from "@/lib/webhooks/list-events";
import { deliveriesQuery } from "@/lib/webhooks/list-webhook-deliveries";
import { testEventInput } from "@/lib/webhooks/send-test-event";
import { newWebhookInput, webhookFields } from "@/lib/webhooks/webhook-fields";
import { ids, jsonPatch, type Operation } from "../operation";
import { eventView, rotatedWebhookSecret } from "../views-events";
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
      "Events are POSTed as `{id, type, timestamp, data}` (the document's `webhooks` has each type's body), signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The answer's `secret` is shown once. The URL must be https:// and resolve to public addresses.",
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
    success: [
      { status: 200, description: "A page of deliveries", schema: webhookDeliveryView, list: true, cursor: true },
    ],
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
  {
    method: "post",
    path: "/api/webhooks/{id}/rotate-secret",
    tag,
    summary: "Rotate the endpoint's signing secret",
    description:
      "A new secret, shown in this answer only. For 24 hours each delivery is signed by the new and the old secret " +
      "(two space-separated signatures in `webhook-signature`, either verifies); then by the new one alone.",
    roles,
    params: endpointId,
    success: [{ status: 200, description: "The new secret", schema: rotatedWebhookSecret }],
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/test",
    tag,
    summary: "Send a test event",
    description:
      "One delivery of `type` (default: the endpoint's first event), due at once, signed like any other, with " +
      '`"test": true`, an id of its own (`evt_test_…`) and the `data` of your latest event of that type (null when ' +
      "there is none). Counted with resends (`WEBHOOK_RESENDS_PER_HOUR`).",
    roles,
    params: endpointId,
    body: testEventInput.meta({ id: "TestEvent", example: { type: "invoice.paid" } }),
    bodyOptional: true,
    success: [{ status: 202, description: "The test delivery, pending", schema: webhookDeliveryView }],
    errors: ["rate_limited"],
  },
  {
    method: "get",
    path: "/api/events",
    tag,
    summary: "Page through the account's events",
    description:
      "Every event of the last 30 days, webhooks or not, in the order they were committed, oldest first. Send the " +
      '`X-Next-Cursor` of each answer as `after` (also in `Link: <…>; rel="next"`); an empty page keeps the cursor ' +
      "you sent, so polling with it never skips an event. Each `id` and `data` is the one its webhook body carries.",
    roles,
    query: listEventsQuery,
    success: [
      {
        status: 200,
        description: "A page of events",
        schema: z.array(eventView),
        headers: {
          "X-Next-Cursor": z.string().optional().meta({ description: "The `after` of the next page" }),
          Link: z.string().optional().meta({ description: 'The next page\'s URL, `rel="next"`' }),
        },
      },
    ],
  },
];
