import { z } from "zod";
import { isOneLine, ONE_LINE, TEXT_LIMITS } from "@/lib/input-text";
import { cursorPageParams, offsetOrAfter } from "@/lib/paging";
import { isoDate, MAX_ID, requestIdList } from "@/lib/validation";
import { moneyInput } from "./amounts";

/** POST /api/invoices, and the Billing and album pages' forms: the selected requests, or all of an album's waiting ones. */
export const issueInvoiceSchema = z
  .strictObject(
    {
      requestIds: requestIdList(500, "per invoice").optional(),
      albumId: z
        .number({ error: "must be an album id" })
        .int("must be an album id")
        .positive("must be an album id")
        .max(MAX_ID, "is not an id we issued")
        .optional(),
    },
    { error: "the body must be a JSON object" },
  )
  .refine((body) => (body.requestIds === undefined) !== (body.albumId === undefined), {
    error: "send exactly one of requestIds or albumId",
  });
export type IssueInvoiceInput = z.infer<typeof issueInvoiceSchema>;

const reference = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(TEXT_LIMITS.name, `must be at most ${TEXT_LIMITS.name} characters`)
  .refine(isOneLine, ONE_LINE);

/** POST /api/invoices/{id}/payments: a bank transfer or check the service received. */
export const paymentSchema = z.strictObject(
  {
    amount: moneyInput,
    reference,
    /** The day the money arrived; today (the service's calendar) when left out. */
    receivedOn: isoDate.optional(),
    method: z
      .enum(["bank_transfer", "check"], { error: "must be bank_transfer or check" })
      .optional()
      .default("bank_transfer"),
  },
  { error: "the body must be a JSON object" },
);
export type PaymentInput = z.infer<typeof paymentSchema>;

/** POST /api/invoices/{id}/refund: money paid back to the client out of its balance. */
export const refundSchema = z.strictObject(
  { amount: moneyInput, reference },
  { error: "the body must be a JSON object" },
);
export type RefundInput = z.infer<typeof refundSchema>;

const basisPoints = (what: string) =>
  z
    .number({ error: `must be ${what} from 0 to 100` })
    .min(0, `must be ${what} from 0 to 100`)
    .max(100, `must be ${what} from 0 to 100`)
    .transform((v) => Math.round(v * 100));

/** PUT /api/fee-schedule and the staff Fee schedule page: amounts as decimal strings, shares in percent. */
export const feeScheduleSchema = z.strictObject(
  {
    songFee: moneyInput,
    reorderPercent: basisPoints("a percentage"),
    tiers: z
      .array(
        z.strictObject({
          fromSong: z
            .number({ error: "must be a whole number from 2" })
            .int("must be a whole number from 2")
            .min(2, "must be a whole number from 2")
            .max(100000, "must be at most 100000"),
          discountPercent: basisPoints("a percentage"),
        }),
        { error: "must be an array of tiers" },
      )
      .max(10, "at most 10 tiers")
      .refine(
        (tiers) => new Set(tiers.map((t) => t.fromSong)).size === tiers.length,
        "two tiers start at the same song",
      ),
  },
  { error: "the body must be a JSON object" },
);
export type FeeScheduleInput = z.infer<typeof feeScheduleSchema>;

/** GET /api/invoices query. */
/** The cursor of GET /api/invoices' pages (newest first): the last invoice's id. */
export const INVOICES_LIST = "invoices";

export const invoiceListQuery = z
  .strictObject({
    ...cursorPageParams(INVOICES_LIST, ["id"] as const),
    status: z.enum(["open", "paid", "void"], { error: "must be open, paid or void" }).optional(),
  })
  .superRefine(offsetOrAfter);
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** POST /api/payments/{id}/void and the staff invoice page: why a payment recorded by mistake is voided. */
export const voidPaymentSchema = z.strictObject(
  {
    reason: z
      .string({ error: "must be text: say why the payment is voided" })
      .trim()
      .min(1, "must say why the payment is voided")
      .max(500, "must be at most 500 characters"),
  },
  { error: "the body must be a JSON object" },
);
export type VoidPaymentInput = z.infer<typeof voidPaymentSchema>;

/** Billing's "Pay by card": the invoice to pay (POST /api/invoices/{id}/checkout takes it from the path). */
export const cardCheckoutForm = z.strictObject({
  invoiceId: z.coerce
    .number({ error: "must be an invoice id" })
    .int("must be an invoice id")
    .positive("must be an invoice id")
    .max(MAX_ID, "is not an id we issued"),
});
