import { freshClientAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { fileRequestViaApi } from "./portal";
import { readyForPayment } from "./ready-for-payment";

// A client pays an invoice by card: Stripe Checkout is the local stand-in (e2e/global-setup.ts), which signs its
// event to the server's webhook as Stripe does, then sends the browser back to Billing.
test("a client pays an invoice by card and its request moves to licensing", async ({ browser, request }) => {
  const title = `Card Paid ${Date.now()}`;
  const account = await freshClientAccount(browser, "Card Payers");
  const page = account.admin;
  const filed = await fileRequestViaApi(page, account.key, title);
  await readyForPayment(request, filed.id, title);
  const issued = await request.post("/api/invoices", {
    headers: { Authorization: `Bearer ${account.key}` },
    data: { requestIds: [filed.id] },
  });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()) as { number: string; due: string };

  await page.goto("/billing");
  const row = page.getByRole("row", { name: new RegExp(invoice.number) });
  await expect(row).toContainText(`$${invoice.due}`);
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText("Payee");
  await row.getByRole("button", { name: "Pay by card" }).click();

  // Stripe's hosted page (the stand-in) asks for exactly what is due.
  await expect(page.getByRole("heading", { name: `Pay $${invoice.due} USD` })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/billing\?invoice=\d+&card=paid$/);
  await expect(page.getByRole("status").first()).toContainText("your card payment is being confirmed");
  await expect(row).toContainText("paid");
  await expect(row.getByRole("button", { name: "Pay by card" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Payment history" })).toContainText(`Card $${invoice.due}`);

  await page.goto(`/requests/${filed.id}`);
  await expect(page.getByText("Licensing in progress").first()).toBeVisible();
});
