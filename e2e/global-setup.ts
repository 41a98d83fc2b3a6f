import { startSmtpListener } from "../tests/helpers/smtp";
import { startStripeStandIn } from "../tests/helpers/stripe-stand-in";
import { emptyMailbox, isRefused, keepMail } from "./mailbox";
import { resetTurns } from "./turns";

/**
 * The SMTP listener the e2e server mails to (SMTP_URL in playwright.config.ts), for the whole run and every worker;
 * the stand-in of Stripe its card payments go to (STRIPE_API_BASE), which signs its events to the server's webhook;
 * and no test holding a turn on the server yet (e2e/turns.ts).
 */
export default async function globalSetup() {
  emptyMailbox();
  resetTurns();
  const smtp = await startSmtpListener({
    port: Number(process.env.E2E_SMTP_PORT),
    refuses: isRefused,
    onMail: keepMail,
  });
  const stripe = await startStripeStandIn({
    port: Number(process.env.E2E_STRIPE_PORT),
    secret: process.env.E2E_STRIPE_WEBHOOK_SECRET!,
    webhookUrl: `${process.env.E2E_BASE_URL}/api/payments/stripe`,
  });
  return async () => {
    await stripe.close();
    await smtp.close();
  };
}
