import { z } from "zod";
import { WEBHOOK_EVENTS } from "./events";

const isWebUrl = (v: string) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol);

/** An endpoint's own fields: the rules of POST /api/webhooks, PATCH /api/webhooks/{id} and Settings → Webhooks. */
export const webhookFields = {
  url: z
    .string({ error: "must be a URL" })
    .trim()
    .min(1, "Enter the URL of your endpoint.")
    .max(2000, "At most 2000 characters.")
    .refine(isWebUrl, "Enter an https:// URL, such as https://hooks.example.com/coverdesk."),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }), {
      error: "must be a list of events",
    })
    .min(1, "Choose at least one event.")
    .refine((events) => new Set(events).size === events.length, "lists an event twice"),
  enabled: z.boolean({ error: "must be true or false" }),
};

export const newWebhookInput = z.strictObject({ url: webhookFields.url, events: webhookFields.events });
export type NewWebhookInput = z.output<typeof newWebhookInput>;

/** A change to an endpoint: its URL, its events, on or off (the JSON Patch paths are the field names). */
export type WebhookChanges = { [K in keyof typeof webhookFields]?: z.output<(typeof webhookFields)[K]> };
