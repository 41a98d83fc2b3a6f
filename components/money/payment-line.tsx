import { formatUsd } from "@/lib/formatting";
import { paymentMethod } from "@/lib/money/payment-methods";

/** One payment as a line: when, how, how much; a voided one struck through with why (it no longer counts). */
export function PaymentLine({
  payment: p,
  children,
}: {
  payment: {
    kind: Parameters<typeof paymentMethod>[0];
    amount: string;
    reference: string;
    receivedOn: string;
    voidedAt: string | null;
    voidReason?: string;
  };
  children?: React.ReactNode;
}) {
  const line = `${p.receivedOn}: ${paymentMethod(p.kind)} ${formatUsd(p.amount)} (${p.reference})`;
  return (
    <>
      {p.voidedAt ? <span className="line-through">{line}</span> : line}
      {p.voidedAt ? <strong> Voided{p.voidReason ? `: ${p.voidReason}` : ""}. It does not count.</strong> : null}
      {children}
    </>
  );
}
