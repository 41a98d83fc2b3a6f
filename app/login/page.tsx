import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
import { currentUser } from "@/lib/auth/session";
import { loginAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await currentUser()) redirect("/dashboard");
  const { callbackUrl } = await searchParams;
  return (
    <div className="mx-auto mt-10 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-1 text-2xl font-semibold">Sign in to CoverDesk</h1>
      <p className="mb-6 text-sm text-slate-600">Cover-song licensing for labels, distributors and licensees.</p>
      <LoginForm action={loginAction} callbackUrl={callbackUrl ?? "/dashboard"} />
      <p className="mt-4 text-sm">
        <Link href="/forgot-password">Forgot password?</Link>
      </p>
    </div>
  );
}
