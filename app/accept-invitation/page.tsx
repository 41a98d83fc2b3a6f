import type { Metadata } from "next";
import { DeadLink, OneTimePage } from "@/components/people/one-time-page";
import { PasswordForm } from "@/components/people/password-form";
import { getDb } from "@/db";
import { formatDateTime } from "@/lib/formatting";
import { findInvitationByToken } from "@/lib/people/accept-invitation";
import { acceptInvitationAction } from "./actions";

// The token is in the address: never send it on as a Referer.
export const metadata: Metadata = { title: "Accept your invitation", referrer: "no-referrer" };

export default async function AcceptInvitationPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const invitation = typeof token === "string" ? await findInvitationByToken(await getDb(), token) : null;
  if (!invitation || typeof token !== "string") {
    return (
      <OneTimePage title="Accept your invitation">
        <DeadLink>
          This invitation link is not valid any more: it was used, revoked or replaced by a newer one, or it expired.
          Ask the person who invited you to send it again.
        </DeadLink>
      </OneTimePage>
    );
  }
  return (
    <OneTimePage title="Accept your invitation">
      <p className="text-slate-700">
        {invitation.inviterName} invites <strong>{invitation.email}</strong> to CoverDesk as {invitation.joining}.
        Choose your password to accept; the link works until {formatDateTime(invitation.expiresAt)}.
      </p>
      <PasswordForm
        kind="accept"
        defaultName={invitation.name}
        submitLabel="Accept and sign in"
        save={acceptInvitationAction.bind(null, token)}
      />
    </OneTimePage>
  );
}
