/**
 * 37 CFR 385.3: a royalty paid after its due date owes a late fee of 1.5% a month, or part of a month, or the highest
 * lawful rate if lower. Simple, not compounded, on the amount paid late; rounded half up to the cent. Pure, so the
 * run, the payout and the pages compute it the same way (docs/statements.md).
 */
const LATE_FEE_BASIS_POINTS_PER_MONTH = 150;

const parts = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return { y: y!, m: m!, d: d! };
};

/** The statement month's payments are due by the 20th of the month after it (37 CFR 210.16). */
export function payoutDueOn(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const next = m === 12 ? { y: y! + 1, m: 1 } : { y: y!, m: m! + 1 };
  return `${next.y}-${String(next.m).padStart(2, "0")}-20`;
}

/** Months late, a part of a month counting whole: paid on the due day 0, the day after 1, a month and a day after 2. */
export function monthsLate(dueOn: string, paidOn: string): number {
  if (paidOn <= dueOn) return 0;
  const due = parts(dueOn);
  const paid = parts(paidOn);
  const whole = (paid.y - due.y) * 12 + (paid.m - due.m) - (paid.d <= due.d ? 1 : 0);
  return whole + 1;
}

/** The late fee on `amount` (hundredths of a cent) due on `dueOn`, paid on `paidOn` (ISO dates), in hundredths of a cent. */
export function lateFee(
  amount: number,
  dueOn: string,
  paidOn: string,
  basisPointsPerMonth = LATE_FEE_BASIS_POINTS_PER_MONTH,
): number {
  const months = monthsLate(dueOn, paidOn);
  if (months === 0 || amount <= 0) return 0;
  // amount × bp × months / 10000 in hundredths of a cent; ÷ 100 more to cents, rounded half up; in BigInt, since the
  // product can pass 2^53.
  const numerator = BigInt(amount) * BigInt(basisPointsPerMonth) * BigInt(months);
  const cents = (numerator + 500_000n) / 1_000_000n;
  return Number(cents) * 100;
}
