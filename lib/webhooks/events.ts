/** The events an endpoint may subscribe to (issue 15). */
export const WEBHOOK_EVENTS = [
  "request.created",
  "request.status_changed",
  "request.licensed",
  "wallpost.created",
  "sales.threshold_reached",
  "invoice.issued",
  "invoice.paid",
  "payment.recorded",
  "request.credited",
  "license.issued",
  "import.finished",
  "sales.alert",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "request.created": "A request is filed in the portal",
  "request.status_changed": "A request's status changes",
  "request.licensed": "A request is licensed",
  "wallpost.created": "A post your staff may read appears on a wall",
  "sales.threshold_reached": "Sales of a track reach 80 % or 100 % of its licensed units",
  "invoice.issued": "An invoice is issued",
  "invoice.paid": "An invoice is paid in full",
  "payment.recorded": "A payment is recorded",
  "request.credited": "A request is credited to the balance",
  "license.issued": "A license document is issued",
  "import.finished": "An import is finished",
  "sales.alert": "A sales alert is raised on a track",
};
