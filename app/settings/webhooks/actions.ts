"use server";

import { pathId } from "@/lib/http/responses";
import { formAction } from "@/lib/forms/form-action";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { patchWebhookEndpoint } from "@/lib/webhooks/patch-webhook-endpoint";
import { z } from "zod";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { newWebhookInput, webhookFields } from "@/lib/webhooks/webhook-fields";

const eventsInput = z.strictObject({ events: webhookFields.events });

const hookManagers = {
  roles: ["client:admin"],
  doing: "manage their account's webhooks",
  revalidate: ["/settings/webhooks"],
} as const;
const endpointId = (id: number) => pathId(String(id), "Webhook endpoint");

/** Registers an endpoint; its secret is in this answer only. */
export async function createWebhookAction(values: unknown) {
  return formAction({ ...hookManagers, schema: newWebhookInput, values }, ({ db, actor, input }) =>
    createWebhookEndpoint(db, actor, input),
  );
}

export async function setWebhookEnabledAction(id: number, enabled: boolean) {
  return formAction(hookManagers, async ({ db, actor }) => {
    await patchWebhookEndpoint(db, actor, endpointId(id), { enabled });
    return null;
  });
}

export async function deleteWebhookAction(id: number) {
  return formAction(hookManagers, async ({ db, actor }) => {
    await deleteWebhookEndpoint(db, actor, endpointId(id));
    return null;
  });
}

export async function resendWebhookDeliveryAction(id: number, deliveryId: number) {
  return formAction(hookManagers, async ({ db, actor }) => {
    await resendWebhookDelivery(db, actor, endpointId(id), pathId(String(deliveryId), "Webhook delivery"));
    return null;
  });
}

/** The endpoint's event list, edited after creation (PATCH /api/webhooks/{id} with `events`). */
export async function setWebhookEventsAction(id: number, values: unknown) {
  return formAction({ ...hookManagers, schema: eventsInput, values }, async ({ db, actor, input }) => {
    await patchWebhookEndpoint(db, actor, endpointId(id), { events: input.events });
    return null;
  });
}

/** A new signing secret, shown in this answer only; the old one signs too for 24 hours. */
export async function rotateWebhookSecretAction(id: number) {
  return formAction(hookManagers, ({ db, actor }) => rotateWebhookSecret(db, actor, endpointId(id)));
}

/** "Send test event": one delivery of the endpoint's first event type, marked as a test. */
export async function sendTestEventAction(id: number) {
  return formAction(hookManagers, async ({ db, actor }) => {
    await sendTestEvent(db, actor, endpointId(id), {});
    return null;
  });
}
