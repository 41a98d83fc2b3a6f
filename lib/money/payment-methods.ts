const METHODS = {
  bank_transfer: "Bank transfer",
  check: "Check",
  card: "Card",
  balance: "Prepaid balance",
  refund: "Refund",
} as const;

/** How money was paid, in the words the portal shows (the kinds of db/schema/money.ts paymentKindEnum). */
export const paymentMethod = (kind: keyof typeof METHODS) => METHODS[kind];
