import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { DomainError } from "@/lib/errors";
import { requireCardPayable, requireCardPayer } from "@/lib/money/billing-rules";
import { findInvoice } from "@/lib/money/invoice-view";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { cardPaymentsOn, stripeClient } from "./stripe-client";

export type CardCheckout = { url: string; sessionId: string };

/**
 * POST /api/invoices/{id}/checkout and "Pay by card": a Stripe Checkout Session for what is due on an open invoice of
 * the caller's account. Nothing is written here: the money is recorded when Stripe's signed event says the Session
 * was paid (recordCardPayment), so a Session abandoned or started twice costs nothing.
 */
export async function startCardCheckout(db: Conn, actor: Actor, invoiceId: number): Promise<CardCheckout> {
  const client = requireCardPayer(actor);
  const invoice = await findInvoice(db, client, invoiceId);
  requireCardPayable(invoice, cardPaymentsOn());
  const back = `${publicBaseUrl()}/billing?invoice=${invoice.id}`;
  let session;
  try {
    session = await stripeClient()!.checkout.sessions.create({
      mode: "payment",
      client_reference_id: String(invoice.id),
      metadata: { invoiceId: String(invoice.id) },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: centsOf(invoice.due),
            product_data: { name: `CoverDesk invoice ${invoice.number}` },
          },
        },
      ],
      success_url: `${back}&card=paid`,
      cancel_url: `${back}&card=cancelled`,
    });
  } catch {
    throw new DomainError(
      "service_unavailable",
      "The card payment service did not answer; try again later, or pay by bank transfer or check.",
    );
  }
  if (!session.url) throw new DomainError("service_unavailable", "The card payment service gave no payment page.");
  return { url: session.url, sessionId: session.id };
}

/** "147.99" as 14799 cents (Stripe's unit for usd). */
const centsOf = (amount: string) => Math.round(Number(amount) * 100);
