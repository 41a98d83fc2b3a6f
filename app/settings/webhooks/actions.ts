"use server";

import { pathId } from "@/lib/http/responses";
import { formAction } from "@/lib/forms/form-action";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { patchWebhookEndpoint } from "@/lib/webhooks/patch-webhook-endpoint";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";
import { newWebhookInput } from "@/lib/webhooks/webhook-fields";

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
