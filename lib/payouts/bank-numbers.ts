/** An IBAN without spaces, upper case (what is stored and sent to the bank). */
export const normalizeIban = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** ISO 13616: country code, two check digits, up to 30 letters or digits; the mod-97 check of the rearranged number is 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1, repeated) is a multiple of 10. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((s, d, i) => s + Number(d) * weights[i]!, 0) % 10 === 0;
}

/** The last 4 characters, the only part shown once entered. */
export const lastFour = (value: string) => `••••${value.slice(-4)}`;
