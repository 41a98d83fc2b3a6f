import type { FeeTier, releases } from "@/db/schema";
import { formatAmount } from "@/lib/money/amounts";
import { invoiceLinesFor } from "@/lib/money/invoice-lines";
import { amountDue, officeFeeNote } from "@/lib/money/request-amounts";
import type { FiledReleaseFacts, FiledRequest } from "@/lib/requests/new-request-view";
import { provisionalReason, royaltyView } from "@/lib/royalties/compute-royalty";

/** What a quote's dry run read before it was rolled back. */
export type QuotedFiling = {
  /** In filing order (an invoice of them lists them so: by request number). */
  requests: FiledRequest[];
  release: typeof releases.$inferSelect;
  /** A reorder files on the album's existing tracks: their ids mean something after the rollback. */
  existingTracks: boolean;
  /** The volume tiers of each fee schedule the requests were quoted at, by its id. */
  schedules: Map<number, FeeTier[]>;
  facts: FiledReleaseFacts;
  ratesThrough: number;
};

/**
 * The quote: each request as filing would price it (its royalty and `amountDue` as the request view then shows
 * them), and the invoice the requests would get if invoiced together on their own: its lines, volume discount and
 * total (docs/money.md).
 */
export function quoteView(q: QuotedFiling) {
  const { release, facts } = q;
  const format = { id: release.formatId, title: facts.formatTitle };
  const priced = q.requests.map((f) => ({ ...f, due: amountDue(f.request) }));
  const lines = invoiceLinesFor(
    priced.map((f) => ({
      id: f.request.id,
      songTitle: f.track.songTitle,
      formatTitle: facts.formatTitle,
      quantity: release.releaseQuantity,
      royaltyOwed: f.due.royalty,
      feeOwed: f.due.fee,
      officeFeeOwed: f.due.officeFee,
      tiers: q.schedules.get(f.request.feeScheduleId) ?? [],
    })),
  );
  const index = new Map(priced.map((f, i) => [f.request.id, i]));
  const provisionalOf = (requestId: number | null) =>
    requestId !== null && priced[index.get(requestId)!]!.request.royaltyProvisional;
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const provisional = priced.some((f) => f.request.royaltyProvisional);
  return {
    requests: priced.map(({ request: r, track: t, due }) => ({
      trackId: q.existingTracks ? t.id : null,
      songTitle: t.songTitle,
      externalTrackId: t.externalTrackId,
      kind: r.kind,
      medley: t.medley ? ("whole" as const) : t.medleyTrackId !== null ? ("part" as const) : null,
      format,
      releaseMonth: release.releaseMonth,
      releaseYear: release.releaseYear,
      royalty: royaltyView(
        { perUnit: r.royaltyPerUnit, quantity: r.royaltyQuantity, total: r.royaltyTotal },
        { provisional: r.royaltyProvisional, releaseYear: release.releaseYear, ratesThrough: q.ratesThrough },
      ),
      amountDue: {
        royalty: formatAmount(due.royalty),
        fee: formatAmount(due.fee),
        officeFee: formatAmount(due.officeFee),
        total: formatAmount(due.total),
        currency: "USD" as const,
        provisional: r.royaltyProvisional,
      },
    })),
    lines: lines.map((l) => ({
      kind: l.kind,
      request: l.requestId === null ? null : index.get(l.requestId)!,
      description: l.description,
      units: l.units,
      royalty: formatAmount(l.royalty),
      fee: formatAmount(l.fee),
      amount: formatAmount(l.royalty + l.fee),
      provisional: provisionalOf(l.requestId) && l.royalty !== 0,
      ...(provisionalOf(l.requestId) && l.royalty !== 0
        ? { provisionalReason: provisionalReason(release.releaseYear, q.ratesThrough) }
        : {}),
    })),
    royalty: formatAmount(sum((l) => l.royalty)),
    fee: formatAmount(sum((l) => (l.kind === "volume_discount" ? 0 : l.fee))),
    discount: formatAmount(-sum((l) => (l.kind === "volume_discount" ? l.fee : 0))),
    total: formatAmount(sum((l) => l.royalty + l.fee)),
    currency: "USD" as const,
    provisional,
    officeFeeNote: officeFeeNote(facts.officeFeePerTitle),
  };
}
export type QuoteView = ReturnType<typeof quoteView>;
