import { formatUsd } from "@/lib/formatting";
import { licenseUrl, requestUrl } from "./news-links";
import { unlinkable } from "./unlinkable";

/** The request a status mail is about, as its client filed it. */
export type NewsRequest = { id: number; songTitle: string; albumTitle: string; artist: string };
export type Mail = { subject: string; body: string };

/** What people typed (titles, names, notes) cannot be clicked: only the mail's own links to CoverDesk can. */
const typed = unlinkable;
const song = (r: NewsRequest) => `"${typed(r.songTitle)}" on "${typed(r.albumTitle)}" by ${typed(r.artist)}`;
const about = (r: NewsRequest) => `request #${r.id} (${song(r)})`;
const noteLines = (note: string | null) => (note ? ["", `Our note: ${typed(note)}`] : []);

/** Licensing began (paid, or an employee began it): the owners are being served. For client staff. */
export function licensingBegunMail(request: NewsRequest, note: string | null): Mail {
  return {
    subject: `Request #${request.id}: licensing has begun for "${request.songTitle}"`,
    body: [
      `Licensing has begun for ${about(request)}.`,
      "",
      "We are now serving notices on the song's copyright owners (or asking them for a stream license). The license " +
        "is ready as soon as every owner is done; we mail you then.",
      ...noteLines(note),
      "",
      `Follow the request: ${requestUrl(request.id)}`,
    ].join("\n"),
  };
}

/** Licensed: where to download the license. Client staff and the licensee's users get the same text. */
export function licensedMail(request: NewsRequest): Mail {
  return {
    subject: `Request #${request.id} is licensed: "${request.songTitle}"`,
    body: [
      `Request #${request.id} (${song(request)}) is licensed.`,
      "",
      `Download the license (PDF): ${licenseUrl(request.id)}`,
      `Open the request: ${requestUrl(request.id)}`,
    ].join("\n"),
  };
}

/** What crediting a request that cannot be licensed did with what was invoiced for it (decimal strings). */
export type CreditNews = { toBalance: string; offInvoices: string };

/**
 * Cannot license: the reason in words, and for client staff (`credit` given) what became of the money; a licensee's
 * users (`credit` null) never read of fees, invoices or balances.
 */
export function cannotLicenseMail(
  request: NewsRequest,
  reason: { label: string; note: string | null },
  credit: CreditNews | null,
): Mail {
  return {
    subject: `Request #${request.id} cannot be licensed: "${request.songTitle}"`,
    body: [
      `We cannot license ${about(request)}.`,
      "",
      `Reason: ${reason.label}.`,
      ...noteLines(reason.note),
      ...(credit ? ["", ...creditLines(credit)] : []),
      "",
      `Open the request: ${requestUrl(request.id)}`,
    ].join("\n"),
  };
}

function creditLines({ toBalance, offInvoices }: CreditNews): string[] {
  const lines = [
    ...(toBalance !== "0.00"
      ? [`${formatUsd(toBalance)} you paid for it went back to your prepaid balance; your next invoices draw on it.`]
      : []),
    ...(offInvoices !== "0.00" ? [`${formatUsd(offInvoices)} invoiced for it is no longer due.`] : []),
  ];
  return lines.length > 0 ? lines : ["Nothing was invoiced for it: you owe nothing for this request."];
}

/**
 * A paid invoice could not begin a request: what it waits for, in the subject's words and the refusal's own. For
 * client staff, under the kind licensing_begun.
 */
export function paidNotBegunMail(request: NewsRequest, waitsFor: string, message: string): Mail {
  return {
    subject: `Request #${request.id}: paid — licensing waits for ${waitsFor}`,
    body: [
      `Request #${request.id} (${song(request)}) is paid, but licensing could not begin yet:`,
      "",
      typed(message),
      "",
      "Once it is put right, we begin licensing; there is nothing more to pay.",
      `Open the request: ${requestUrl(request.id)}`,
    ].join("\n"),
  };
}
