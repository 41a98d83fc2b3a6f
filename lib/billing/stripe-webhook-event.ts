import Stripe from "stripe";
import { env } from "@/env";
import { DomainError } from "@/lib/errors";
import { cardPaymentsOn } from "./stripe-client";

/** Refused before the body is read when card payments are off: the endpoint does not exist then. */
export function requireStripeWebhook(): string {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!cardPaymentsOn() || !secret) throw new DomainError("not_found", "Card payments are not set up.");
  return secret;
}

/**
 * The event Stripe signed: the body exactly as it arrived (never re-serialised JSON) checked against the
 * Stripe-Signature header and STRIPE_WEBHOOK_SECRET, with the SDK's tolerance for the timestamp. Anything else is 400.
 */
export function verifyStripeEvent(rawBody: string, signature: string | null, secret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    throw new DomainError("invalid_signature", "The Stripe-Signature header does not match the body.");
  }
}
