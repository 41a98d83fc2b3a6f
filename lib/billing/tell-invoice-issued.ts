import type { Tx } from "@/db/client";
import { formatAmount } from "@/lib/money/amounts";
import { invoiceNumber } from "@/lib/money/invoice-number";
import type { InvoiceRow } from "@/lib/money/settle-invoice";
import { invoiceIssuedMail } from "@/lib/notifications/invoice-issued-mail";
import { clientStaffOf, notifyPeople } from "@/lib/notifications/notify-people";

/** Invoice issued: the account's client staff are mailed what it asks and where to pay it, in the issuing transaction. */
export async function tellInvoiceIssued(
  tx: Tx,
  invoice: InvoiceRow,
  fromBalance: number,
  invoiced: { id: number; songTitle: string }[],
): Promise<void> {
  const mail = invoiceIssuedMail({
    id: invoice.id,
    number: invoiceNumber(invoice),
    total: formatAmount(invoice.total),
    fromBalance: formatAmount(fromBalance),
    due: formatAmount(invoice.total - fromBalance),
    dueOn: invoice.dueOn,
    requests: invoiced.map((r) => ({ id: r.id, songTitle: r.songTitle })),
  });
  await notifyPeople(tx, await clientStaffOf(tx, invoice.accountId), {
    kind: "invoice_issued",
    purpose: "client_notification",
    ...mail,
  });
}
