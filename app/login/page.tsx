import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
import { safeReturnPath } from "@/lib/auth/return-path";
import { currentUser } from "@/lib/auth/session";
import { loginAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const back = safeReturnPath((await searchParams).callbackUrl) ?? "/dashboard";
  if (await currentUser()) redirect(back);
  return (
    <div className="mx-auto mt-10 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-1 text-2xl font-semibold">Sign in to CoverDesk</h1>
      <p className="mb-6 text-sm text-slate-600">Cover-song licensing for labels, distributors and licensees.</p>
      <LoginForm action={loginAction} callbackUrl={back} />
      <p className="mt-4 text-sm">
        <Link href="/forgot-password">Forgot password?</Link>
      </p>
    </div>
  );
}
