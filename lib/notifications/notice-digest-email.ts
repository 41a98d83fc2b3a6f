import { formatDay, formatUsd } from "@/lib/formatting";
import { unlinkable } from "./unlinkable";

export type DigestNotice = {
  requestId: number;
  songTitle: string;
  ownerName: string;
  share: number;
  dueOn: string;
  route: "owner" | "copyright_office" | "none";
};

/** A payout to an owner not made yet, due by the 20th (or overdue: it owes a late fee). */
type DigestPayout = {
  month: string;
  ownerName: string;
  amount: string;
  dueOn: string;
  overdue: boolean;
  lateFee: string;
};

export type NoticeDigestInput = {
  /** Today in the service's calendar, as an ISO date. */
  today: string;
  overdue: DigestNotice[];
  dueSoon: DigestNotice[];
  /** Open requests (licensing begun or not) whose notices are overdue or due within the week. */
  openRequestsWithDeadlines: { overdue: number; soon: number };
  /** From the 15th of a month: payouts not made yet, due by its 20th or overdue. */
  payouts?: DigestPayout[];
  baseUrl: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = (iso: string) => formatDay(iso, "long");
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const ROUTE_NOTE: Record<DigestNotice["route"], string> = {
  owner: "",
  copyright_office: "; to be filed with the Copyright Office",
  none: "; the owner is not in the Copyright Office's records and the format is digital: it cannot be served",
};

function line(n: DigestNotice, today: string, baseUrl: string): string[] {
  const days = daysBetween(today, n.dueOn);
  const when = days < 0 ? `${plural(-days, "day")} ago` : days === 0 ? "today" : `in ${plural(days, "day")}`;
  return [
    `  - Request #${n.requestId}, "${unlinkable(n.songTitle)}": ${unlinkable(n.ownerName)} (${n.share}%), due ${longDate(n.dueOn)}, ${when}${ROUTE_NOTE[n.route]}`,
    `    ${baseUrl}/staff/requests/${n.requestId}`,
  ];
}

/**
 * The employees' daily mail about notices of intention (docs/product-rules.md, "Why the 20th": a notice served late forecloses the
 * compulsory license): the unserved ones overdue and due within the week, and how many open requests, licensing
 * begun or not, have such deadlines. Plain text.
 */
export function noticeDigestEmail(input: NoticeDigestInput): { subject: string; body: string } {
  const { today, overdue, dueSoon, openRequestsWithDeadlines: open, baseUrl, payouts = [] } = input;
  const section = (heading: string, notices: DigestNotice[]) =>
    notices.length === 0
      ? []
      : [`${heading} (${notices.length}):`, ...notices.flatMap((n) => line(n, today, baseUrl)), ""];
  const payoutLines = payouts.length
    ? [
        "",
        `Payouts to owners not made yet (${payouts.length}): statements are due by the 20th; paid later, a payout owes a late fee of 1.5% a month.`,
        ...payouts.map(
          (p) =>
            `  - ${unlinkable(p.ownerName)}: ${formatUsd(p.amount)} of ${p.month}, due ${longDate(p.dueOn)}` +
            (p.overdue ? `, overdue: late fee so far ${formatUsd(p.lateFee)}` : ""),
        ),
        `Statements: ${baseUrl}/staff/statements`,
      ]
    : [];
  return {
    subject:
      `Notices of intention: ${overdue.length} overdue, ${dueSoon.length} due within 7 days` +
      (payouts.length ? `; ${plural(payouts.length, "payout")} to owners not made` : ""),
    body: [
      `Notices of intention not yet served, as of ${longDate(today)}.`,
      "",
      ...section("Overdue", overdue),
      ...section("Due within 7 days", dueSoon),
      `All unserved notices: ${baseUrl}/staff/notices`,
      "",
      `Open requests, licensing begun or not: ${plural(open.overdue, "request")} with notices overdue ` +
        `(${baseUrl}/staff/queue?due=overdue&sort=due), ${plural(open.soon, "request")} with notices due within 7 days ` +
        `(${baseUrl}/staff/queue?due=soon&sort=due).`,
      ...payoutLines,
    ].join("\n"),
  };
}
