import { cardClass } from "@/components/ui/styles";
import { formatLongDate, formatMonth } from "@/lib/formatting";
import type { LicenseKind } from "@/lib/verification/license-title";
import type { LicenseVerification } from "@/lib/verification/verify-license";

/** How the license came to be: never issued by CoverDesk, which acted as the licensee's agent. */
const SUMMARY: Record<LicenseKind, string> = {
  compulsory:
    "The licensee obtained it by serving a notice of intention on each copyright owner and prepaying the royalty, " +
    "CoverDesk acting as its agent. United States only; audio-only phonorecords.",
  stream:
    "The copyright owners granted it voluntarily, on the terms each accepted; CoverDesk acted as the licensee's agent.",
};

/** What a license covers and whether it is valid, as the public verification page shows it. */
export function LicenseVerificationCard({ license, code }: { license: LicenseVerification; code: string }) {
  const [year, month] = license.releaseMonth.split("-").map(Number) as [number, number];
  const rows: [string, string][] = [
    ["Song", license.song.title],
    ["Writers", license.song.writers.join(", ") || "—"],
    ["Licensee", license.licensee],
    ["Format", license.format],
    ["Licensed units", license.licensedUnits.toLocaleString("en-US")],
    ["Release month", formatMonth(month, year)],
    ["Licensed on", license.licensedAt ? formatLongDate(license.licensedAt) : "—"],
  ];
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">Verify a license</h1>
      <p
        role="status"
        className={`rounded-md px-3 py-2 font-semibold ${license.valid ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
      >
        {license.valid
          ? `${license.title}: valid.`
          : `${license.title}: not valid. This request is not licensed (it was cancelled or could not be licensed).`}
      </p>
      {license.valid ? <p className="text-slate-700">{SUMMARY[license.kind]}</p> : null}
      <dl className={`${cardClass} grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2`}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm break-all text-slate-600">Verification code {code}</p>
    </div>
  );
}
