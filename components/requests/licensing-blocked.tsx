import Link from "@/components/ui/link";
import type { LicensingBlocker } from "@/lib/requests/licensing-blockers";

/** What keeps a request from being licensed (the view's licensingBlockedBy), and what to do about it. */
export function LicensingBlocked({
  blockers,
  albumHref,
  billingHref,
  licenseeHref = null,
  staff = false,
}: {
  blockers: readonly LicensingBlocker[];
  /** Where the track's length is supplied (the album's tracks), when the reader may. */
  albumHref: string | null;
  /** Where the top-up is invoiced, when the reader may. */
  billingHref: string | null;
  /** Where the licensee's details are completed, when the reader may. */
  licenseeHref?: string | null;
  staff?: boolean;
}) {
  if (blockers.length === 0) return null;
  return (
    <div
      role="note"
      className="mt-2 space-y-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      {blockers.includes("length_missing") ? (
        <p>
          <strong>Length needed.</strong>{" "}
          {staff
            ? "The client has not given the track's length: the royalty is not final, so the request is licensed only once they supply it."
            : "The royalty depends on the track's length: the request is licensed once you supply it."}{" "}
          {albumHref ? (
            <Link className="underline" href={albumHref}>
              Supply the length on the album
            </Link>
          ) : null}
        </p>
      ) : null}
      {blockers.includes("top_up_unpaid") ? (
        <p>
          <strong>Top-up unpaid.</strong>{" "}
          {staff
            ? "The length raised the royalty: the request is licensed once the difference is invoiced and paid."
            : "The track's length raised the royalty: the request is licensed once the difference is paid."}{" "}
          {billingHref ? (
            <Link className="underline" href={billingHref}>
              Invoice it in Billing
            </Link>
          ) : null}
        </p>
      ) : null}
      {blockers.includes("licensee_incomplete") ? (
        <p>
          <strong>Paid: waiting for the licensee&apos;s details.</strong> Licensing will begin once the licensee is
          complete: the notices state its legal name, street address, telephone and, for a company, its officers or
          owners. {staff ? "Once the client completes them, begin licensing." : null}
          {licenseeHref ? (
            <Link className="underline" href={licenseeHref}>
              Complete the licensee
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
