import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { RequestWizard } from "@/components/request-wizard/request-wizard";
import { PageHeader } from "@/components/ui/page-header";
import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { serviceDate, serviceTimeZone } from "@/lib/clock";
import { LICENSEE_LIST_MOST, licenseeChoices } from "@/lib/licensees/list-licensees";
import { currentFeeSchedule } from "@/lib/money/fee-schedule";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { fileAlbumRequests, findWizardLicensees, licenseeAlbums } from "./actions";

export const metadata: Metadata = { title: "New request" };

export default async function NewRequestPage() {
  const { user, actor } = await requireActor();
  if (actor.kind !== "client") {
    return (
      <div>
        <PageHeader title="New license request" />
        <p className="text-slate-700">
          Requests are filed by client staff.{" "}
          <Link href="/dashboard" className="underline">
            Back to the dashboard
          </Link>
        </p>
      </div>
    );
  }
  const db = await getDb();
  // Past LICENSEE_LIST_MOST licensees (an account can hold tens of thousands) the licensee step finds one by name.
  const [licensees, rateTable, fees] = await Promise.all([
    licenseeChoices(db, actor, LICENSEE_LIST_MOST),
    loadRateTable(db),
    currentFeeSchedule(db),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="New license request"
        description="Licensee, album, release and tracks: we file one request per song and show the royalty and our fee before you submit."
      />
      <RequestWizard
        draftKey={`coverdesk:new-request:v2:${user.id}`}
        licensees={licensees}
        findLicensees={findWizardLicensees}
        rateTable={rateTable}
        feeSchedule={{ songFee: fees.songFee, reorderBasisPoints: fees.reorderBasisPoints }}
        today={serviceDate()}
        timeZone={serviceTimeZone()}
        fileRequests={fileAlbumRequests}
        loadAlbums={licenseeAlbums}
      />
    </div>
  );
}
