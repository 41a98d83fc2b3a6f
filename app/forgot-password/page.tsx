import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ForgotPasswordForm } from "@/components/people/forgot-password-form";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto mt-10 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-1 text-2xl font-semibold">Forgot your password?</h1>
      <p className="mb-6 text-sm text-slate-600">
        Give the email you sign in with; we mail you a link to choose a new password.
      </p>
      <ForgotPasswordForm send={forgotPasswordAction} />
      <p className="mt-6 text-sm">
        <Link href="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
