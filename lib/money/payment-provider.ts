import type { PaymentInput } from "./schemas";

type ReceivedPayment = {
  method: "bank_transfer" | "check" | "card";
  amount: number;
  reference: string;
  receivedOn: string;
};

/**
 * Where money comes from. The one implementation that works here is manual: an employee records a bank transfer or
 * check the service received. A card or bank-API provider would capture or confirm the money here, before the
 * payment is applied to the invoice in the database.
 */
export interface PaymentProvider {
  confirm(input: PaymentInput): Promise<ReceivedPayment>;
}

export const manualPayments: PaymentProvider = {
  confirm: (input) =>
    Promise.resolve({
      method: input.method,
      amount: input.amount,
      reference: input.reference,
      receivedOn: input.receivedOn,
    }),
};
