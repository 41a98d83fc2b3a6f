import type { Metadata } from "next";
import { DeadLink, OneTimePage } from "@/components/people/one-time-page";
import { PasswordForm } from "@/components/people/password-form";
import { getDb } from "@/db";
import { findPasswordToken } from "@/lib/people/reset-password";
import { resetPasswordAction } from "./actions";

// The token is in the address: never send it on as a Referer.
export const metadata: Metadata = { title: "Choose a password", referrer: "no-referrer" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const link = typeof token === "string" ? await findPasswordToken(await getDb(), token) : null;
  if (!link || typeof token !== "string") {
    return (
      <OneTimePage title="Choose a password">
        <DeadLink>This link is not valid any more: it was used, replaced by a newer one, or it expired.</DeadLink>
      </OneTimePage>
    );
  }
  return (
    <OneTimePage title={link.purpose === "reset" ? "Choose a new password" : "Choose your password"}>
      <p className="text-slate-700">
        For {link.name} &lt;{link.email}&gt;.{" "}
        {link.purpose === "reset" ? "Saving it signs you out everywhere else." : ""}
      </p>
      <PasswordForm kind="reset" submitLabel="Save password and sign in" save={resetPasswordAction.bind(null, token)} />
    </OneTimePage>
  );
}
