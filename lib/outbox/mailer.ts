import nodemailer from "nodemailer";
import { env } from "@/env";

/**
 * `html`: the same content as `text`, for clients that show HTML (see mail-html.ts). `headers`: extra header lines
 * written as given, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on optional news.
 */
type OutgoingMail = {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};
/** What delivery needs from a mail transport; `rejected` lists recipients the server refused. */
export type Mailer = { send(mail: OutgoingMail): Promise<{ rejected: string[] }> };

/** A failed send; permanent when the server refused the message outright (an SMTP 5xx answer). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

// A send must finish well within the claim lease (see claim-outbox-messages.ts), or another worker may
// send the same message again; these bound every SMTP step.
const TIMEOUTS_MS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** A mailer on SMTP_URL (smtp:// or smtps://, nodemailer's URL options allowed as query parameters). */
export function smtpMailer(smtpUrl: string, from = env().SMTP_FROM): Mailer {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(url.toString(), { from });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail(mail);
        return { rejected: info.rejected.map(String) };
      } catch (e) {
        const err = e as Error & { responseCode?: number };
        const permanent = typeof err.responseCode === "number" && err.responseCode >= 500 && err.responseCode < 600;
        throw new MailDeliveryError(err.message || String(e), permanent);
      }
    },
  };
}
