import { and, eq, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import {
  licensees,
  ownerPayoutDetails,
  ownerStatements,
  payoutBatches,
  payoutItems,
  songOwners,
  statementRuns,
} from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { isoDay } from "@/lib/clock";
import { notFound } from "@/lib/errors";
import { formatDay, formatLength, formatLongDate, formatUsd, monthName } from "@/lib/formatting";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { formatAmount } from "@/lib/money/amounts";
import { renderDocumentPdf } from "@/lib/pdf/render-document-pdf";
import { formatPerUnit } from "@/lib/royalties/compute-royalty";
import { toPercent } from "@/lib/songs/schemas";
import { toCsv } from "./csv";
import { lateFee, payoutDueOn } from "./late-fee";
import { monthBounds, refuseUnended } from "./month";
import { statementLines, type StatementLine } from "./statement-lines";

type Parties = Awaited<ReturnType<typeof loadParties>>;

/** The licensee and the owner a statement is between (404 when either is unknown). */
async function loadParties(db: Conn, ownerId: number, licenseeId: string) {
  const [[owner], [licensee]] = await Promise.all([
    db.select().from(songOwners).where(eq(songOwners.id, ownerId)),
    db.select().from(licensees).where(eq(licensees.id, licenseeId)),
  ]);
  if (!owner || !licensee) throw notFound(`The statements of owner ${ownerId} from licensee ${licenseeId}`);
  const address = [
    licensee.address,
    licensee.city,
    [licensee.state, licensee.zip].filter(Boolean).join(" "),
    licensee.country,
  ]
    .filter(Boolean)
    .join(", ");
  return { owner, licensee, name: licenseeName(licensee), address };
}

const monthTitle = (month: string) => `${monthName(Number(month.slice(5)))} ${month.slice(0, 4)}`;

/** One month's statement of one licensee to one owner: made by the month's run, its lines the month's postings. */
async function loadStatement(db: Conn, actor: Actor, month: string, ownerId: number, licenseeId: string) {
  requireEmployee(actor, "read statements of account");
  const [found] = await db
    .select({ statement: ownerStatements, run: statementRuns })
    .from(ownerStatements)
    .innerJoin(statementRuns, eq(statementRuns.month, ownerStatements.month))
    .where(
      and(
        eq(ownerStatements.month, month),
        eq(ownerStatements.ownerId, ownerId),
        eq(ownerStatements.licenseeId, licenseeId),
      ),
    );
  if (!found) throw notFound(`The statement of owner ${ownerId} from licensee ${licenseeId} for ${month}`);
  const parties = await loadParties(db, ownerId, licenseeId);
  const { start, end } = await monthBounds(db, month);
  const lines = await statementLines(db, { ownerId, licenseeId }, { from: start, to: end });
  return { ...found, parties, lines };
}

const kindOf = (l: StatementLine) => (l.topUp ? "top-up (rate difference)" : "licensed");

const LINE_HEADER = [
  "request",
  "kind",
  "title",
  "writers",
  "playing_time",
  "principal_artist",
  "label",
  "catalog_number",
  "isrc",
  "configuration",
  "units",
  "rate",
  "share_percent",
  "royalty",
  "posted_on",
];
const lineCells = (l: StatementLine) => [
  l.requestId,
  kindOf(l),
  l.title,
  l.writers.join("; "),
  formatLength(l.lengthInSeconds),
  l.artist,
  l.label,
  l.catalogNumber,
  l.isrc,
  l.configuration,
  l.units,
  formatPerUnit(l.perUnit),
  toPercent(l.shareBasisPoints),
  formatAmount(l.amount),
  l.postedOn,
];
const partyCells = (month: string, p: Parties) => [month, p.name, p.address, p.owner.name];
const PARTY_HEADER = ["month", "licensee", "licensee_address", "owner"];

/** The work and phonorecord facts of a line, as 37 CFR 210 asks a statement to give them. */
function lineSection(l: StatementLine, n: number) {
  return {
    heading: `Line ${n}: ${l.title} (request ${l.requestId}, ${kindOf(l)})`,
    rows: [
      ["Writers", l.writers.join(", ") || "not known"],
      ["Playing time", formatLength(l.lengthInSeconds) ?? "not given"],
      ["Principal artist", l.artist],
      ["Label", l.label ?? "not given"],
      ["Catalog number", l.catalogNumber ?? "not given"],
      ["ISRC", l.isrc ?? ""],
      ["Configuration", l.configuration],
      ["Units made and distributed", l.units.toLocaleString("en-US")],
      [
        "Rate and royalty",
        `${l.units.toLocaleString("en-US")} units at ${formatUsd(formatPerUnit(l.perUnit))}; share ${toPercent(l.shareBasisPoints)}%; royalty ${formatUsd(formatAmount(l.amount))}`,
      ],
      ["Posted on", formatDay(l.postedOn)],
    ] as [string, string][],
  };
}

function partySections(p: Parties) {
  return [
    {
      heading: "Licensee",
      rows: [
        ["Legal name", p.name],
        ["Address", p.address],
      ] as [string, string][],
    },
    {
      heading: "Copyright owner",
      rows: [
        ["Owner", p.owner.name],
        ["Address", p.owner.postalAddress?.replace(/\n/g, ", ") ?? ""],
      ] as [string, string][],
    },
  ];
}

/** The certification that ends every statement: CoverDesk prepared it as the licensee's agent. */
function certification(p: Parties, on: Date) {
  return {
    heading: "Certification",
    rows: [
      [
        "Certified",
        `Prepared and certified by CoverDesk as agent for ${p.name}: CoverDesk has examined this statement of account, and all statements of fact in it are true, complete and correct to the best of its knowledge, information and belief, and are made in good faith.`,
      ],
      ["Signed", `CoverDesk, as agent for ${p.name}, on ${formatLongDate(on)}`],
    ] as [string, string][],
  };
}

const sum = (lines: StatementLine[]) => lines.reduce((s, l) => s + l.amount, 0);
const fileName = (period: string, ownerId: number, licenseeId: string, ext: string) =>
  `coverdesk-statement-${period}-owner-${ownerId}-licensee-${licenseeId}.${ext}`;

/** GET /api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/csv: a row per line. */
export async function statementCsv(db: Conn, actor: Actor, month: string, ownerId: number, licenseeId: string) {
  const { parties, lines } = await loadStatement(db, actor, month, ownerId, licenseeId);
  const body = toCsv(
    [...PARTY_HEADER, ...LINE_HEADER],
    lines.map((l) => [...partyCells(month, parties), ...lineCells(l)]),
  );
  return { filename: fileName(month, ownerId, licenseeId, "csv"), body };
}

/** GET /api/statements/{month}/owners/{ownerId}/licensees/{licenseeId}/pdf: the statement of account, certified. */
export async function statementPdf(db: Conn, actor: Actor, month: string, ownerId: number, licenseeId: string) {
  const { run, parties, lines } = await loadStatement(db, actor, month, ownerId, licenseeId);
  const bytes = await renderDocumentPdf({
    title: `Statement of account ${month}`,
    subtitle: `Monthly statement of account under 17 U.S.C. 115 and 37 CFR part 210 from ${parties.name} to ${parties.owner.name}, for ${monthTitle(month)}: the royalties for phonorecords made and distributed under the licenses CoverDesk obtained as ${parties.name}'s agent, posted in the month.`,
    sections: [
      ...partySections(parties),
      ...lines.map(lineSection),
      {
        heading: "Totals",
        rows: [
          [`Royalty for ${monthTitle(month)}`, formatUsd(formatAmount(sum(lines)))],
          ["Payment due by", formatDay(payoutDueOn(month))],
        ],
      },
      certification(parties, run.dateAdded),
    ],
    footer:
      "Amounts in US dollars. Units x rate x share is each line's royalty, to the cent. Paid after the due date, a payment carries the late fee of 37 CFR 385.3.",
    metadata: {
      title: `Statement ${month}: ${parties.name} to ${parties.owner.name}`,
      subject: `Statement of account ${month}`,
      createdAt: run.dateAdded,
    },
  });
  return { filename: fileName(month, ownerId, licenseeId, "pdf"), bytes };
}

/** A year's lines of one licensee to one owner, each with its month, once the year has ended. */
async function loadYear(db: Conn, actor: Actor, year: number, ownerId: number, licenseeId: string) {
  requireEmployee(actor, "read statements of account");
  const parties = await loadParties(db, ownerId, licenseeId);
  const { start } = await monthBounds(db, `${year}-01`);
  const { end } = await monthBounds(db, `${year}-12`);
  refuseUnended(String(year), end);
  const months = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, "0")}`;
      const bounds = await monthBounds(db, month);
      return {
        month,
        lines: await statementLines(db, { ownerId, licenseeId }, { from: bounds.start, to: bounds.end }),
      };
    }),
  );
  if (months.every((m) => m.lines.length === 0))
    throw notFound(`An annual statement of owner ${ownerId} from licensee ${licenseeId} for ${year}`);
  return { parties, months, start, end };
}

/** GET /api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/csv: the year's lines, by month. */
export async function annualStatementCsv(db: Conn, actor: Actor, year: number, ownerId: number, licenseeId: string) {
  const { parties, months } = await loadYear(db, actor, year, ownerId, licenseeId);
  const body = toCsv(
    [...PARTY_HEADER, ...LINE_HEADER],
    months.flatMap((m) => m.lines.map((l) => [...partyCells(m.month, parties), ...lineCells(l)])),
  );
  return { filename: fileName(String(year), ownerId, licenseeId, "csv"), body };
}

/** GET /api/annual-statements/{year}/owners/{ownerId}/licensees/{licenseeId}/pdf: the months' totals and the year's. */
export async function annualStatementPdf(db: Conn, actor: Actor, year: number, ownerId: number, licenseeId: string) {
  const { parties, months, end } = await loadYear(db, actor, year, ownerId, licenseeId);
  const withLines = months.filter((m) => m.lines.length > 0);
  const bytes = await renderDocumentPdf({
    title: `Annual statement of account ${year}`,
    subtitle: `Annual statement of account under 17 U.S.C. 115 and 37 CFR part 210 from ${parties.name} to ${parties.owner.name} for ${year}: the sum of the year's monthly statements.`,
    sections: [
      ...partySections(parties),
      ...withLines.map((m) => ({
        heading: monthTitle(m.month),
        rows: [
          ...m.lines.map((l): [string, string] => [
            `Request ${l.requestId}`,
            `${l.title} (${l.configuration}, ${kindOf(l)}): ${l.units.toLocaleString("en-US")} units at ${formatUsd(formatPerUnit(l.perUnit))}; share ${toPercent(l.shareBasisPoints)}%; royalty ${formatUsd(formatAmount(l.amount))}`,
          ]),
          [`Total for ${monthTitle(m.month)}`, formatUsd(formatAmount(sum(m.lines)))] as [string, string],
        ],
      })),
      {
        heading: "Year",
        rows: [
          ...withLines.map((m): [string, string] => [monthTitle(m.month), formatUsd(formatAmount(sum(m.lines)))]),
          [`Total for ${year}`, formatUsd(formatAmount(months.reduce((s, m) => s + sum(m.lines), 0)))],
        ],
      },
      certification(parties, end),
    ],
    footer: "Amounts in US dollars. Each month is that month's statement of account; the year's total is their sum.",
    metadata: {
      title: `Annual statement ${year}: ${parties.name} to ${parties.owner.name}`,
      subject: `Annual statement of account ${year}`,
      createdAt: end,
    },
  });
  return { filename: fileName(String(year), ownerId, licenseeId, "pdf"), bytes };
}

/**
 * GET /api/statements/{month}/payouts/csv: the batch's payouts still to make, for a bank's bulk upload: the one
 * place bank details leave the database unmasked. Each amount is the royalties plus the late fee owed if paid today.
 * Held owners (no bank details) are not in it.
 */
export async function payoutCsv(db: Conn, actor: Actor, month: string) {
  requireEmployee(actor, "read payout batches");
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.month, month));
  if (!batch) throw notFound(`Statements for ${month}`);
  const items = await db
    .select({ item: payoutItems, bank: ownerPayoutDetails })
    .from(payoutItems)
    .innerJoin(ownerPayoutDetails, eq(ownerPayoutDetails.ownerId, payoutItems.ownerId))
    .where(and(eq(payoutItems.batchId, batch.id), isNull(payoutItems.paidAt)))
    .orderBy(payoutItems.ownerName, payoutItems.ownerId);
  const today = isoDay();
  const body = toCsv(
    [
      "payee_id",
      "payee_name",
      "payee_email",
      "account_holder",
      "iban",
      "routing_number",
      "account_number",
      "royalties",
      "late_fee",
      "amount",
      "currency",
      "reference",
    ],
    items.map(({ item: i, bank: b }) => {
      const fee = i.dueOn ? lateFee(i.amount, i.dueOn, today) : 0;
      return [
        i.ownerId,
        i.ownerName,
        i.ownerEmail,
        b.accountHolder,
        b.iban,
        b.routingNumber,
        b.accountNumber,
        formatAmount(i.amount),
        formatAmount(fee),
        formatAmount(i.amount + fee),
        "USD",
        `CoverDesk royalties ${month}`,
      ];
    }),
  );
  return { filename: `coverdesk-payouts-${month}.csv`, body };
}
