import { and, eq, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import { invoices, stripeEvents } from "@/db/schema";
import { isoDay } from "@/lib/clock";
import { lockInvoice } from "@/lib/money/lock-invoice";
import { receivePayment, receiveToBalance } from "@/lib/money/record-payment";
import { MAX_ID } from "@/lib/validation";
import { lockInvoiceRequests, PAYMENT_ACTOR } from "./begin-paid-requests";
import { afterPayment } from "./record-payment";

/** What a Stripe event did: a payment recorded (on the invoice or, closed, to the balance), or nothing and why. */
export type CardPaymentOutcome = "recorded" | "to_balance" | "replayed" | "already_recorded" | "not_paid" | "ignored";

/** The events that say a Checkout Session's money arrived (an async method's later success included). */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * POST /api/payments/stripe, once the signature is verified: a paid Checkout Session becomes one card payment of the
 * invoice it names (metadata.invoiceId), amount_total cents. One transaction: the event is written first (a replay
 * finds it and records nothing), one payment per Session however many events say it was paid, then the money as a
 * transfer's would be (a paid invoice begins licensing). An invoice closed meanwhile keeps the money on the balance.
 */
export async function recordCardPayment(db: Db, event: Stripe.Event): Promise<CardPaymentOutcome> {
  if (!PAID_EVENTS.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const invoiceId = Number(session.metadata?.invoiceId ?? session.client_reference_id);
  if (!Number.isInteger(invoiceId) || invoiceId < 1 || invoiceId > MAX_ID) return "ignored";
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type, sessionId: session.id })
      .onConflictDoNothing()
      .returning({ eventId: stripeEvents.eventId });
    if (!fresh) return "replayed";
    if (session.payment_status !== "paid" || session.amount_total === null) return "not_paid";
    const [earlier] = await tx
      .select({ paymentId: stripeEvents.paymentId })
      .from(stripeEvents)
      .where(and(eq(stripeEvents.sessionId, session.id), isNotNull(stripeEvents.paymentId)));
    if (earlier) return "already_recorded";
    const [known] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId));
    if (!known) return "ignored";

    const locked = await lockInvoiceRequests(tx, invoiceId);
    const invoice = await lockInvoice(tx, invoiceId);
    const received = {
      method: "card" as const,
      // Stripe counts cents; our amounts are hundredths of a cent.
      amount: session.amount_total * 100,
      reference: session.id,
      receivedOn: isoDay(),
    };
    const open = invoice.status === "open";
    const { paymentId } = open
      ? await receivePayment(tx, PAYMENT_ACTOR, invoiceId, received)
      : await receiveToBalance(tx, PAYMENT_ACTOR, invoice, received);
    await tx.update(stripeEvents).set({ paymentId }).where(eq(stripeEvents.eventId, event.id));
    if (!open) return "to_balance";
    await afterPayment(tx, PAYMENT_ACTOR, invoiceId, locked);
    return "recorded";
  });
}
