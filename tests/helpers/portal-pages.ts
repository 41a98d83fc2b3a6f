// Every portal page with an id in its path, with who may open it: the table tests/integration/portal-access.test.ts renders as each role.
import AlbumPage from "@/app/albums/[id]/page";
import ReorderPage from "@/app/albums/[id]/reorder/page";
import AlbumWallPage from "@/app/albums/[id]/wall/page";
import ImportPage from "@/app/imports/[id]/page";
import LicenseePage from "@/app/licensees/[id]/page";
import RequestPage from "@/app/requests/[id]/page";
import AccountPage from "@/app/staff/accounts/[id]/page";
import AccountAuditPage from "@/app/staff/accounts/[id]/audit/page";
import VerifyLicensePage from "@/app/verify/[code]/page";
import InvoicePage from "@/app/staff/payments/[id]/page";
import StaffRequestPage from "@/app/staff/requests/[id]/page";
import SongPage from "@/app/staff/songs/[id]/page";
import StatementMonthPage from "@/app/staff/statements/[month]/page";
import { READ, STAFF_PAGE, type PageRow } from "./portal-access-roles";

export const PAGE_ROWS: PageRow[] = [
  { page: "albums/[id]/page.tsx", expect: READ, render: AlbumPage, id: (t) => t.albumId },
  {
    // Reorders are client staff's: the page is not offered to others, and is their 404.
    page: "albums/[id]/reorder/page.tsx",
    expect: { ...READ, licensee: "not_found", otherLicensee: "not_found", employee: "not_found" },
    render: ReorderPage,
    id: (t) => t.albumId,
  },
  { page: "albums/[id]/wall/page.tsx", expect: READ, render: AlbumWallPage, id: (t) => t.albumId },
  {
    // Imports are client staff's and staff may read them; a licensee user's 404.
    page: "imports/[id]/page.tsx",
    expect: { ...READ, licensee: "not_found", otherLicensee: "not_found" },
    render: ImportPage,
    id: (t) => t.importId,
  },
  { page: "licensees/[id]/page.tsx", expect: READ, render: LicenseePage, id: (t) => t.licenseeId },
  { page: "requests/[id]/page.tsx", expect: READ, render: RequestPage, id: (t) => t.requestId },
  { page: "staff/accounts/[id]/page.tsx", expect: STAFF_PAGE, render: AccountPage, id: (t) => t.accountId },
  { page: "staff/accounts/[id]/audit/page.tsx", expect: STAFF_PAGE, render: AccountAuditPage, id: (t) => t.accountId },
  { page: "staff/requests/[id]/page.tsx", expect: STAFF_PAGE, render: StaffRequestPage, id: (t) => t.requestId },
  {
    page: "staff/payments/[id]/page.tsx",
    expect: STAFF_PAGE,
    render: InvoicePage,
    id: (t) => t.invoiceId!,
    needs: "invoice",
  },
  {
    page: "staff/statements/[month]/page.tsx",
    expect: STAFF_PAGE,
    render: (props) => StatementMonthPage({ ...props, params: props.params.then(({ id }) => ({ month: id })) }),
    id: () => "2026-10",
  },
  { page: "staff/songs/[id]/page.tsx", expect: STAFF_PAGE, render: SongPage, id: (t) => t.songId },
  {
    // Public: anyone with a license's code sees what it covers (and nothing private).
    page: "verify/[code]/page.tsx",
    expect: { owner: "ok", otherClient: "ok", licensee: "ok", otherLicensee: "ok", employee: "ok", signedOut: "ok" },
    render: (props) => VerifyLicensePage({ params: props.params.then(({ id }) => ({ code: id })) }),
    id: (t) => t.licensedCode,
  },
];
