/**
 * Money as it arrived: an employee's bank transfer or check (PaymentInput, the API accepts no other method), or a card
 * payment Stripe's signed event confirmed (reference: the Checkout Session's id).
 */
export type ReceivedPayment = {
  method: "bank_transfer" | "check" | "card";
  amount: number;
  reference: string;
  receivedOn: string;
};

/**
 * Where money comes from. The one implementation here is manual: an employee records a bank transfer or check the
 * service received, or Stripe's signed webhook event already confirmed a card payment. A bank-API provider would
 * capture or confirm the money here, before the payment is applied to the invoice in the database.
 */
export interface PaymentProvider {
  confirm(input: ReceivedPayment): Promise<ReceivedPayment>;
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
