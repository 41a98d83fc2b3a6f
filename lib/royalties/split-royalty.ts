/**
 * Splits `total` (integer units: hundredths of a cent, or cents) by shares (basis points of the song; a subset of the
 * owners' shares, such as those who can be paid, is split in proportion to its own sum), by largest remainder: each
 * part is rounded down, and the units left over go one each to the largest remainders (ties to the earlier share), so
 * the parts always add up to the total exactly.
 */
export function splitByShares(total: number, shares: number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum === 0) return shares.map(() => 0);
  const exact = shares.map((s) => (total * s) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
