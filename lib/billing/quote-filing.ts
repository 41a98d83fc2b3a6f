import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { accounts, feeSchedules } from "@/db/schema";
import { requireRole, type Actor } from "@/lib/auth/actor";
import { DomainError, foundAt, validationFailed } from "@/lib/errors";
import { fileAlbumRequests } from "@/lib/requests/create-album-requests";
import { fileNewRequest } from "@/lib/requests/create-request";
import { filedReleaseFacts, type FiledRequest } from "@/lib/requests/new-request-view";
import { fileReorder } from "@/lib/requests/reorder-track";
import { latestRateYear, type RateTable } from "@/lib/royalties/compute-royalty";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import type { QuoteInput } from "./quote-body";
import { quoteView, type QuoteView, type QuotedFiling } from "./quote-view";

type Client = Extract<Actor, { kind: "client" }>;

/** Thrown to roll the dry run back once it has read what it needs: nothing it wrote outlives it. */
class DryRunDone extends Error {
  constructor(readonly filing: Omit<QuotedFiling, "ratesThrough">) {
    super("The quote's dry run is done");
  }
}

/**
 * POST /api/quotes: what filing the body would charge, per request and in total, filing nothing. The body is filed
 * for real by the filing's own code (the same checks and refusals, the royalty from the statutory rates, provisional
 * included, the fee from the schedule in force) in a transaction that is rolled back, numbering its requests itself
 * as an import's check does; the invoice those requests would get on their own is built by the code that issues
 * invoices (volume discounts included). Client staff quote for their account; a staff key names one (`accountId`).
 */
export async function quoteFiling(db: Db, actor: Actor, quote: QuoteInput): Promise<QuoteView> {
  const client = await quotingClient(db, actor, quote.accountId);
  const table = await loadRateTable(db);
  let filing: Omit<QuotedFiling, "ratesThrough"> | undefined;
  try {
    await db.transaction(async (tx) => {
      let numbered = 0;
      const filed = await fileQuoted(tx, client, quote, table, () => --numbered);
      const scheduleIds = [...new Set(filed.requests.map((f) => f.request.feeScheduleId))];
      const schedules = await tx.select().from(feeSchedules).where(inArray(feeSchedules.id, scheduleIds));
      throw new DryRunDone({
        ...filed,
        schedules: new Map(schedules.map((s) => [s.id, s.tiers])),
        facts: await filedReleaseFacts(tx, filed.release.id),
      });
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
    filing = err.filing;
  }
  if (!filing) throw new Error("The quote's dry run ended without its filing");
  // Read again: a provisional filing that found a year added since drops the cached table (confirmRateTable).
  return quoteView({ ...filing, ratesThrough: latestRateYear(await loadRateTable(db)) });
}

async function fileQuoted(
  tx: Tx,
  client: Client,
  quote: QuoteInput,
  table: RateTable,
  dryRunRequestId: () => number,
): Promise<Pick<QuotedFiling, "requests" | "release" | "existingTracks">> {
  switch (quote.of) {
    case "request": {
      const filed = await fileNewRequest(tx, client, quote.input, table, dryRunRequestId());
      return { requests: [filed], release: filed.release, existingTracks: false };
    }
    case "album": {
      const filed = await fileAlbumRequests(tx, client, quote.input, table, dryRunRequestId);
      return { requests: filed, release: filed[0]!.release, existingTracks: false };
    }
    case "reorder": {
      const filed = await foundAt(
        "trackId",
        fileReorder(tx, client, quote.trackId, quote.input, table, dryRunRequestId),
      );
      return { requests: filed.filed satisfies FiledRequest[], release: filed.release, existingTracks: true };
    }
  }
}

/**
 * Who the quote is for: client staff, their own account; a staff key, the account it names, quoted as that account's
 * client staff would file (the body names that account's albums, tracks and licensees).
 */
async function quotingClient(db: Db, actor: Actor, accountId: number | undefined): Promise<Client> {
  const caller = requireRole(actor, ["client", "employee"], "quote filings");
  if (caller.kind === "client") {
    if (accountId !== undefined)
      throw validationFailed([
        { path: "accountId", message: "is for staff keys: a client key quotes for its account" },
      ]);
    return caller;
  }
  if (accountId === undefined)
    throw validationFailed([{ path: "accountId", message: "is required with a staff key: the account to quote for" }]);
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account)
    throw new DomainError("not_found", `Account ${accountId} was not found.`, [
      { path: "accountId", message: "was not found" },
    ]);
  return { kind: "client", name: caller.name, accountId, role: "member", userId: null, apiKeyId: null };
}
