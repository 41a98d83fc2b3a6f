import { z } from "zod";
import { STATUS_CODES } from "@/lib/requests/statuses";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";
import type { RotatedWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { importCounts } from "./views-imports";
import { invoiceView } from "./views-money";
import { salesAlertView } from "./views-sales";
import { amount, exactly, requestView, timestamp, wallPostView } from "./views";

// What each event carries in `data`: the same in its webhook body and in GET /api/events (docs/webhooks.md).

const request = { request: requestView };
const salesAlert = z.object({ alert: salesAlertView });
const invoice = z.object({ invoice: invoiceView });

const eventData: Record<WebhookEvent, z.ZodObject> = {
  "request.created": z.object(request),
  "request.status_changed": z.object({ from: z.enum(STATUS_CODES), to: z.enum(STATUS_CODES), ...request }),
  "request.licensed": z.object(request),
  "wallpost.created": z.object({ albumId: z.int(), post: wallPostView }),
  "sales.threshold_reached": salesAlert,
  "invoice.issued": invoice,
  "invoice.paid": invoice,
  "payment.recorded": z.object({
    payment: z.object({
      id: z.int(),
      invoiceId: z.int(),
      kind: z.enum(["check", "bank_transfer", "balance", "refund", "card"]),
      amount,
      toInvoice: amount.meta({ description: "What settled the invoice" }),
      toBalance: amount.meta({ description: "What went to the account's prepaid balance" }),
      reference: z.string(),
      receivedOn: z.string().meta({ description: "ISO 8601 date" }),
    }),
  }),
  "request.credited": z.object({
    requestId: z.int(),
    offInvoices: amount.meta({ description: "Taken off what open invoices still asked" }),
    toBalance: amount.meta({ description: "Given back to the account's prepaid balance" }),
  }),
  "license.issued": z.object({
    requestId: z.int(),
    url: z
      .string()
      .meta({ description: "Where the license document is read (a PDF)", example: "/api/requests/7/license" }),
    ...request,
  }),
  "import.finished": z.object({
    import: z.object({
      id: z.int(),
      source: z.enum(["api", "csv"]),
      filename: z.string().nullable(),
      doneAt: timestamp.nullable(),
      counts: importCounts,
      url: z.string().meta({ description: "Where its rows are read", example: "/api/imports/3" }),
    }),
  }),
  "sales.alert": salesAlert,
};

const pascal = (type: string) => type.replace(/(^|[._])([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());
/** The component name of a type's webhook body: `InvoicePaidWebhook`. */
export const webhookBodyId = (type: WebhookEvent) => `${pascal(type)}Webhook`;
const eventId = z
  .string()
  .meta({ description: "The event's id, the same in every delivery and in GET /api/events", example: "evt_42" });

/** The body POSTed to an endpoint for each type (the OpenAPI document's `webhooks`). */
export const webhookBodies = {} as Record<WebhookEvent, z.ZodObject>;
for (const type of WEBHOOK_EVENTS)
  webhookBodies[type] = z
    .object({
      id: eventId,
      type: z.literal(type),
      timestamp: timestamp.meta({ description: "When the event happened" }),
      data: eventData[type],
    })
    .meta({ id: webhookBodyId(type), description: WEBHOOK_EVENT_LABELS[type] });

const storedEvent = (type: WebhookEvent) =>
  z.object({ id: eventId, type: z.literal(type), created: timestamp, data: eventData[type] });

/** One stored event, as GET /api/events lists it (`data` is checked per type, as in the webhook bodies). */
export const eventView = z
  .discriminatedUnion("type", [storedEvent("request.created"), ...WEBHOOK_EVENTS.slice(1).map(storedEvent)])
  .meta({ id: "Event" });

export const rotatedWebhookSecret = exactly<RotatedWebhookSecret>()(
  z
    .object({
      id: z.int(),
      secret: z.string().meta({
        description: "The new signing secret; shown in this answer only",
        example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      }),
      previousSecretExpiresAt: timestamp.meta({ description: "Until then the old secret signs each delivery too" }),
    })
    .meta({ id: "RotatedWebhookSecret" }),
);
