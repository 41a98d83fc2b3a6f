import type { FeeTier } from "@/db/schema";
import { tierDiscount } from "./fee-rules";

/** One line of an invoice being issued, in hundredths of a cent (royalty and fee already rounded to cents). */
export type InvoiceLine = {
  requestId: number | null;
  kind: "request" | "volume_discount" | "office_fee";
  description: string;
  units: number | null;
  royalty: number;
  fee: number;
};

/** What one request still owes, as invoicing reads it (amountDue less what earlier invoices hold). */
export type OwedRequest = {
  id: number | null;
  songTitle: string;
  formatTitle: string;
  quantity: number;
  royaltyOwed: number;
  feeOwed: number;
  officeFeeOwed: number;
  /** The volume tiers of the fee schedule the request was quoted at. */
  tiers: FeeTier[];
  /** Appended to the line's description (a share nobody can be paid). */
  note?: string;
};

/**
 * The lines of one invoice for `selection`, in its order: a line per request that owes royalty or fee, the Copyright
 * Office's fee on a line of its own (never discounted), and the volume discount of the songs' positions on this
 * invoice, rounded half up to cents. Issuing an invoice and quoting a filing both build them here, so a quote is what
 * the invoice will say.
 */
export function invoiceLinesFor(selection: OwedRequest[]): InvoiceLine[] {
  const lines: InvoiceLine[] = selection.flatMap((r): InvoiceLine[] => [
    ...(r.royaltyOwed + r.feeOwed > 0
      ? [
          {
            requestId: r.id,
            kind: "request" as const,
            description: `${r.songTitle} (${r.formatTitle})${r.note ?? ""}`,
            units: r.quantity,
            royalty: r.royaltyOwed,
            fee: r.feeOwed,
          },
        ]
      : []),
    // The Office's fee is passed on as it is: its own line, no royalty, never discounted.
    ...(r.officeFeeOwed > 0
      ? [
          {
            requestId: r.id,
            kind: "office_fee" as const,
            description: `Copyright Office filing fee: ${r.songTitle}`,
            units: null,
            royalty: 0,
            fee: r.officeFeeOwed,
          },
        ]
      : []),
  ]);
  let position = 0;
  let discount = 0;
  for (const r of selection) {
    if (r.feeOwed === 0) continue;
    position += 1;
    discount += (r.feeOwed * tierDiscount(r.tiers, position)) / 10000;
  }
  const discountCents = Math.floor((Math.round(discount) + 50) / 100) * 100;
  if (discountCents > 0)
    lines.push({
      requestId: null,
      kind: "volume_discount",
      description: `Volume discount (${position} songs)`,
      units: null,
      royalty: 0,
      fee: -discountCents,
    });
  return lines;
}
