import Stripe from "stripe";
import { env } from "@/env";

/** Card payments are offered only with both Stripe keys set (docs/payments.md). */
export function cardPaymentsOn(): boolean {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  return Boolean(STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET);
}

let cached: { key: string; client: Stripe } | undefined;

/** The Stripe API client for the keys and host in force; null while card payments are off. */
export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!cardPaymentsOn() || !STRIPE_SECRET_KEY) return null;
  const key = `${STRIPE_SECRET_KEY}\n${STRIPE_API_BASE ?? ""}`;
  if (cached?.key !== key) cached = { key, client: new Stripe(STRIPE_SECRET_KEY, hostOptions(STRIPE_API_BASE)) };
  return cached.client;
}

/** STRIPE_API_BASE as the SDK's host, port and protocol (a local stand-in in tests). */
function hostOptions(base: string | undefined): Stripe.StripeConfig {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}
