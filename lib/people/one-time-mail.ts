import type { Conn } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import { now } from "@/lib/clock";
import { formatDateTime } from "@/lib/formatting";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";

/** The page of a one-time link: /accept-invitation or /reset-password, with the token as `token`. */
export const oneTimeLink = (page: "accept-invitation" | "reset-password", token: string) =>
  `${publicBaseUrl()}/${page}?token=${encodeURIComponent(token)}`;

/**
 * Writes a mail holding a one-time link into the outbox, in the caller's transaction. It goes to its addressee
 * (whoever that is, licensees included), and its body is erased once sent (docs/product-rules.md, "Notifications").
 */
export async function enqueueOneTimeMail(db: Conn, mail: { to: string; subject: string; body: string }) {
  const at = now();
  await db.insert(outboxMessages).values({
    purpose: "one_time_link",
    recipients: [mail.to],
    subject: mail.subject,
    body: mail.body,
    nextAttemptAt: at,
    dateAdded: at,
  });
}

export function invitationMail(input: {
  name: string;
  inviterName: string;
  joining: string;
  link: string;
  expiresAt: Date;
}) {
  return {
    subject: `You are invited to CoverDesk`,
    body: [
      `Hello ${input.name},`,
      "",
      `${input.inviterName} invites you to CoverDesk as ${input.joining}.`,
      "",
      "Accept the invitation and choose your password here:",
      input.link,
      "",
      `The link works once and expires on ${formatDateTime(input.expiresAt)}. If you did not expect it, ignore this mail.`,
    ].join("\n"),
  };
}

export function resetMail(input: { name: string; link: string; expiresAt: Date }) {
  return {
    subject: "Reset your CoverDesk password",
    body: [
      `Hello ${input.name},`,
      "",
      "Someone (we hope you) asked to reset the password of your CoverDesk sign-in. Choose a new one here:",
      input.link,
      "",
      `The link works once and expires on ${formatDateTime(input.expiresAt)}. Using it signs you out everywhere else.`,
      "If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}
