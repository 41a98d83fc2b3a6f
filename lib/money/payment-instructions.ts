import { env } from "@/env";
import { formatDay } from "@/lib/formatting";

/** One line of how to pay: a label and what it says (only what is set: no empty label). */
export type PaymentInstruction = { label: string; value: string };

/** A setting written on several lines (a bank's name, account and routing number) on one line. */
const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ");

/**
 * How to pay by bank transfer or check, from PAYMENT_PAYEE, PAYMENT_BANK_DETAILS and PAYMENT_POSTAL_ADDRESS
 * (docs/payments.md): on Billing, and on an invoice's PDF with its number as the reference and its due date. A detail
 * not set is left out, and with no postal address checks are not offered.
 */
export function paymentInstructions(invoice?: { number: string; dueOn: string }): PaymentInstruction[] {
  const { PAYMENT_PAYEE, PAYMENT_BANK_DETAILS, PAYMENT_POSTAL_ADDRESS } = env();
  const payee = oneLine(PAYMENT_PAYEE);
  const bank = PAYMENT_BANK_DETAILS ? oneLine(PAYMENT_BANK_DETAILS) : "";
  const postal = PAYMENT_POSTAL_ADDRESS ? oneLine(PAYMENT_POSTAL_ADDRESS) : "";
  const reference = invoice ? `invoice number ${invoice.number}` : "invoice number";
  const rows: (PaymentInstruction | false)[] = [
    !!invoice && { label: "Due by", value: formatDay(invoice.dueOn, "long") },
    { label: "Payee", value: payee },
    !!postal && { label: "Address", value: postal },
    !!bank && { label: "Bank transfer", value: `${bank}. Quote the ${reference} as the transfer reference.` },
    !!postal && {
      label: "Check",
      value: `Payable to ${payee}, mailed to the address above, with the ${reference} on the memo line.`,
    },
  ];
  return rows.filter((r): r is PaymentInstruction => r !== false);
}
