import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LicenseVerificationCard } from "@/components/verification/license-verification-card";
import { getDb } from "@/db";
import { pageClientIp } from "@/lib/http/client-ip";
import { RateLimitedError } from "@/lib/errors";
import { verifyLicense } from "@/lib/verification/verify-license";

export const metadata: Metadata = { title: "Verify a license", robots: { index: false } };

/** The public check of a license by the code printed on it (no sign-in), for distributors and stores. */
export default async function VerifyLicensePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const db = await getDb();
  const license = await verifyLicense(db, code, await pageClientIp()).catch((e: unknown) => {
    if (e instanceof RateLimitedError) return e;
    throw e;
  });
  if (license instanceof RateLimitedError) {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-2xl font-semibold">Verify a license</h1>
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          Too many lookups from your address; try again in {license.retryAfterSeconds} seconds.
        </p>
      </div>
    );
  }
  if (!license) notFound();
  return <LicenseVerificationCard license={license} code={code} />;
}
