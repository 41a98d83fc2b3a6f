import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LicenseVerificationCard } from "@/components/verification/license-verification-card";
import { getDb } from "@/db";
import { verifyLicense } from "@/lib/verification/verify-license";

export const metadata: Metadata = { title: "Verify a license", robots: { index: false } };

/**
 * The public check of a license by the code printed on it (no sign-in), for distributors and stores. proxy.ts has
 * counted the lookup against the caller's limit and answered 429 itself when it is past it.
 */
export default async function VerifyLicensePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const license = await verifyLicense(await getDb(), code);
  if (!license) notFound();
  return <LicenseVerificationCard license={license} code={code} />;
}
