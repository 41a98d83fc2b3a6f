import { getDb } from "@/db";
import { recordCardPayment } from "@/lib/billing/record-card-payment";
import { requireStripeWebhook, verifyStripeEvent } from "@/lib/billing/stripe-webhook-event";
import { publicRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";

/** Stripe's webhook: signed by Stripe, so no API key (docs/payments.md). */
export const POST = publicRoute(async (req) => {
  const secret = requireStripeWebhook();
  const rawBody = await req.text();
  const event = verifyStripeEvent(rawBody, req.headers.get("stripe-signature"), secret);
  return json({ received: true, outcome: await recordCardPayment(await getDb(), event) });
});
