import { expect, test } from "./fixtures";
import { freshClientAccount } from "./accounts";
import { DEMO_USERS, signedInPage } from "./helpers";
import { E2E_LICENSEE, expectAccessible } from "./portal";
import { readyForPayment } from "./ready-for-payment";

test("an employee records a client's bank transfer; the client sees the invoice paid and the request in licensing", async ({
  browser,
  request,
}) => {
  // Two people on four pages, and an account of its own: its dashboard's counts are then this test's alone.
  test.setTimeout(180_000);
  const { admin: client, key, name } = await freshClientAccount(browser, "Transfer Records");
  const title = `Transfer Tune ${Date.now()}`;
  // 10,000 units: a royalty past a thousand dollars, so its thousands separator shows.
  const res = await client.request.post("/api/requests", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      track: {
        album: { title: `Album of ${title}`, artist: "E2E Band", licensee: E2E_LICENSEE },
        lengthInSeconds: 200,
        releases: [{ formatId: 1002, releaseQuantity: 10000 }],
        song: { title, originalRecordingArtist: "Somebody" },
      },
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await readyForPayment(request, id, title);

  // The client invoices it on Billing.
  await client.goto("/billing");
  const waiting = client.getByRole("region", { name: "Waiting for an invoice" });
  await expect(
    waiting.getByLabel(`Request #${id}: ${title} on Album of ${title}: $1,326.99 ($1,310.00 royalty + $16.99 fee)`),
  ).toBeChecked();
  await client.getByRole("button", { name: "Issue invoice for the selected requests" }).click();
  await expect(client.getByRole("status")).toHaveText("Invoice issued.");
  const paymentNeeded = client.getByRole("region", { name: "Payment needed" });
  const onInvoice = new RegExp(`Request #${id}: ${title} .*\\$1,326\\.99 on invoice (\\d{4}-\\d{5})`);
  await expect(paymentNeeded).toContainText(onInvoice);
  const number = onInvoice.exec((await paymentNeeded.textContent())!)![1]!;
  const invoiceRow = client.getByRole("region", { name: "Invoices" }).getByRole("row", { name: new RegExp(number) });
  await expect(invoiceRow).toContainText("open");

  // An employee records the bank transfer on the staff Payments page.
  const staff = await signedInPage(browser, DEMO_USERS.employee);
  await staff.goto("/staff/payments");
  await staff.getByRole("link", { name: `Open invoice ${number}` }).click();
  await expect(staff.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
  await expect(staff.getByLabel("Amount (USD)").first()).toHaveValue("1326.99");
  await expect(staff.getByLabel("Method")).toHaveValue("bank_transfer");
  await staff.getByLabel("Reference").first().fill(`BANK-${number}`);
  await staff.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`${name}: paid, total $1,326.99`)).toBeVisible();

  // The client sees the invoice paid, the transfer in the history, and nothing left to pay.
  await client.goto("/billing");
  await expect(invoiceRow).toContainText("paid");
  await expect(invoiceRow).toContainText("$1,326.99");
  await expect(client.getByRole("region", { name: "Payment history" })).toContainText(
    `Bank transfer $1,326.99 (BANK-${number})`,
  );
  await expect(paymentNeeded).toContainText("No invoiced request is waiting for payment.");
  await expectAccessible(client);

  // The paid request began licensing by itself.
  await client.goto(`/requests/${id}`);
  await expect(client.getByRole("region", { name: "Status" })).toContainText("Licensing in progress");

  // The dashboard's card of that status leads to the list of exactly those requests, under its column headers.
  await client.goto("/dashboard");
  await client.getByRole("link", { name: "1 Licensing in progress: show these requests" }).click();
  await expect(client).toHaveURL(/\/requests\?status=in_progress$/);
  await expect(client.getByText("1 request matches your filters.")).toBeVisible();
  const rows = client.getByRole("main").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("cell").nth(0)).toContainText(title);
  await expect(rows.getByRole("cell").nth(4)).toHaveText("$1,310.00");
  await expect(rows.getByRole("cell").nth(5)).toHaveText("Licensing in progress");
  await expect(client.getByRole("columnheader")).toHaveText([
    "Song",
    "Album",
    "Licensee",
    "Filed",
    "Royalty",
    "Status",
  ]);
  await expectAccessible(client);
});
