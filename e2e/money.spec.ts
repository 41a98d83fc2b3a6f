import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { freshClientAccount } from "./accounts";
import { expectAccessible, fileRequestViaApi } from "./portal";
import { readyForPayment } from "./ready-for-payment";

const staff = () => ({ Authorization: `Bearer ${apiKey("staff")}` });
const thisMonth = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Chicago" }).slice(0, 7);

test("a request from filing through invoice, payment and licensing to the owners' balances; statements wait for the month's end", async ({
  page,
  browser,
  request,
}) => {
  // Two people, three pages, bank details and a monthly run: more than the two minutes a flow gets on a shared machine.
  test.setTimeout(240_000);
  const title = `Ledger Lines ${Date.now()}`;
  await signIn(page, DEMO_USERS.client);
  const filed = await fileRequestViaApi(page, apiKey("client"), title);
  const owners = await readyForPayment(request, filed.id, title);

  // The client sees that payment is needed, with the amount, and invoices it from Billing.
  await page.goto(`/requests/${filed.id}`);
  await expect(page.getByRole("note")).toContainText("Payment needed: $147.99 ($131.00 royalty + $16.99 fee)");
  await page.getByRole("link", { name: "Issue an invoice in Billing" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  // Only this request goes on the invoice (the demo data has another one waiting).
  for (const box of await page.getByRole("checkbox").all()) {
    if ((await box.getAttribute("id")) !== `invoice-request-${filed.id}`) await box.uncheck();
  }
  await expect(page.getByLabel(new RegExp(`Request #${filed.id}: ${title}`))).toBeChecked();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Issue invoice for the selected requests" }).click();
  await expect(page.getByRole("status")).toHaveText("Invoice issued.");
  // Its number, as Payment needed names it (other tests invoice the demo account meanwhile: the newest may be theirs).
  const onInvoice = new RegExp(`Request #${filed.id}: ${title} .*\\$147\\.99 on invoice (\\d{4}-\\d{5})`);
  const paymentNeeded = page.getByRole("region", { name: "Payment needed" });
  await expect(paymentNeeded).toContainText(onInvoice);
  const number = onInvoice.exec((await paymentNeeded.textContent())!)![1]!;
  await expect(page.getByRole("table").getByRole("link", { name: number, exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(number) })).toContainText("$147.99");
  await page.goto(`/requests/${filed.id}`);
  await expect(page.getByRole("note")).toContainText("See the invoice");

  // Staff record the bank transfer on the Payments page.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, DEMO_USERS.employee);
  await staffPage.goto("/staff/payments");
  await expectAccessible(staffPage);
  await staffPage.getByRole("link", { name: `Open invoice ${number}` }).click();
  await expect(staffPage.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();
  await expectAccessible(staffPage);
  await staffPage.getByLabel("Reference").first().fill(`BANK-${number}`);
  await staffPage.getByRole("button", { name: "Record payment" }).click();
  await expect(staffPage.getByText(/Demo Records: paid, total \$147\.99/)).toBeVisible();

  // Paid in full, licensing begins by itself; the notices are served: licensed.
  const paid = await request.get(`/api/requests/${filed.id}`, { headers: staff() });
  expect((await paid.json()).status.code).toBe("in_progress");
  for (const owner of owners) {
    expect(
      (
        await request.post(`/api/requests/${filed.id}/owners/${owner.id}/notice`, {
          headers: staff(),
          data: { method: "mail", carrier: "USPS" },
        })
      ).status(),
    ).toBe(200);
  }

  // The owners are owed their shares of $131.00.
  await staffPage.goto("/staff/owners");
  await expect(staffPage.getByRole("row", { name: new RegExp(`${title} Publishing`) })).toContainText("$87.34");
  await expect(staffPage.getByRole("row", { name: new RegExp(`${title} Songs`) })).toContainText("$43.66");
  await expectAccessible(staffPage);
  // Staff enter the publisher's bank details; from then on only the last 4 show. The other owner has none: held.
  const publishing = staffPage.getByRole("row", { name: new RegExp(`${title} Publishing`) });
  await expect(publishing).toContainText("No bank details: payouts are held");
  await publishing.getByText("Enter bank details").click();
  await publishing.getByLabel("Account holder").fill(`${title} Publishing`);
  await publishing.getByLabel("IBAN (for the IBAN kind)").fill("GB82 WEST 1234 5698 7654 3");
  await publishing.getByRole("button", { name: `Save bank details of ${title} Publishing` }).click();
  await expect(publishing.getByRole("alert")).toContainText("is not a valid IBAN");
  // The form is reset after a submission (React form actions), so both fields are filled again.
  await publishing.getByLabel("Account holder").fill(`${title} Publishing`);
  await publishing.getByLabel("IBAN (for the IBAN kind)").fill("GB82 WEST 1234 5698 7654 32");
  await publishing.getByRole("button", { name: `Save bank details of ${title} Publishing` }).click();
  await expect(staffPage.getByTestId(`payout-details-${owners[0]!.id}`)).toHaveText(
    `${title} Publishing, IBAN ••••5432`,
  );
  await expectAccessible(staffPage);
  // This month's statements wait for its end (the run, the documents and the payouts: statements-of-account.test.ts,
  // which moves the clock); making one here would also change the months the later specs run.
  await staffPage.goto("/staff/statements");
  await expectAccessible(staffPage);
  await staffPage.getByRole("textbox", { name: "Month" }).fill(thisMonth());
  await staffPage.getByRole("button", { name: "Make statements" }).click();
  await expect(staffPage.getByRole("region", { name: "Run a month" }).getByRole("alert")).toContainText(
    `${thisMonth()} has not ended yet`,
  );
});

test("the client invoices all of an album from its page; Billing shows what the invoice asks for", async ({
  page,
  request,
}) => {
  const title = `Album Bill ${Date.now()}`;
  await signIn(page, DEMO_USERS.client);
  const filed = await fileRequestViaApi(page, apiKey("client"), title);
  await readyForPayment(request, filed.id, title);
  await page.goto(`/albums/${filed.albumId}`);
  const due = page.getByRole("region", { name: "Payment needed" });
  await expect(due).toContainText(`1 request of this album is waiting for an invoice: #${filed.id} $147.99.`);
  await expectAccessible(page);
  await due.getByRole("button", { name: "Invoice all of this album" }).click();
  // The album now shows the invoice that asks for it, and nothing left to invoice.
  await expect(due).toContainText(new RegExp(`#${filed.id} \\$147\\.99 on invoice \\d{4}-\\d{5} \\(PDF\\)`));
  await expect(due.getByRole("button", { name: "Invoice all of this album" })).toHaveCount(0);
  await page.goto("/billing");
  await expect(page.getByRole("region", { name: "Payment needed" })).toContainText(
    new RegExp(`Request #${filed.id}: ${title} on Album of ${title}: \\$147\\.99 on invoice \\d{4}-\\d{5}`),
  );
  await expect(page.getByRole("region", { name: "Waiting for an invoice" })).not.toContainText(title);
  await expectAccessible(page);
});

test("the client invoices an album chosen on Billing from the albums still owing; its message stays once nothing is left", async ({
  browser,
  request,
}) => {
  // An account of its own: this album's request is then the only one waiting for an invoice, whatever other tests file.
  const { admin: page, key } = await freshClientAccount(browser, "Billing Records");
  const title = `Billing Album ${Date.now()}`;
  const filed = await fileRequestViaApi(page, key, title);
  await readyForPayment(request, filed.id, title);
  await page.goto("/billing");
  const waiting = page.getByRole("region", { name: "Waiting for an invoice" });
  await expect(waiting).toContainText("1 request owes what no invoice holds yet");
  await expect(waiting.getByRole("checkbox")).toHaveCount(1);
  await expect(waiting.getByLabel(new RegExp(`Request #${filed.id}: ${title}`))).toBeVisible();
  const albumForm = waiting.getByRole("form", { name: "Invoice an album" });
  await albumForm.getByLabel("Album").selectOption({ label: `Album of ${title} by E2E Band` });
  await albumForm.getByRole("button", { name: "Invoice all of this album" }).click();
  // Its invoice now asks for the request; the section says nothing is left and still says the invoice went out.
  await expect(page.getByRole("region", { name: "Payment needed" })).toContainText(
    new RegExp(`Request #${filed.id}: ${title} on Album of ${title}: \\$147\\.99 on invoice`),
  );
  await expect(waiting).toContainText("No request is waiting for an invoice.");
  await expect(waiting.getByRole("status").filter({ hasText: "Invoice issued for the album." })).toBeVisible();
  await expect(waiting.getByRole("button")).toHaveCount(0);
  await expectAccessible(page);
});

// The fee schedule is the service's, not an account's: every request filed meanwhile would be quoted with the new fee.
test(
  "staff change the fee schedule; requests filed afterwards are quoted with it",
  { tag: "@exclusive" },
  async ({ page, request }) => {
    await signIn(page, DEMO_USERS.employee);
    await page.goto("/staff/fees");
    await expect(page.getByTestId("fee-schedule")).toContainText("$16.99 per song per format");
    await expectAccessible(page);
    await page.getByLabel("Fee per song per format (USD)").fill("18.50");
    await page.getByRole("button", { name: "Save new schedule" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved: new requests are quoted with it.");
    await expect(page.getByTestId("fee-schedule")).toContainText("$18.50 per song per format");
    const filed = await fileRequestViaApi(page, apiKey("client"));
    const view = await (await request.get(`/api/requests/${filed.id}`, { headers: staff() })).json();
    expect(view.amountDue).toMatchObject({ fee: "18.50", total: "149.50" });
    // A bad value is refused with the field named; then the default goes back.
    await page.getByLabel("Fee per song per format (USD)").fill("free");
    await page.getByRole("button", { name: "Save new schedule" }).click();
    await expect(page.getByRole("region", { name: "Change the schedule" }).getByRole("alert")).toContainText(
      "Song fee: must be an amount in dollars and cents",
    );
    await page.getByLabel("Fee per song per format (USD)").fill("16.99");
    await page.getByRole("button", { name: "Save new schedule" }).click();
    await expect(page.getByTestId("fee-schedule")).toContainText("$16.99 per song per format");
  },
);

test("client Billing shows the balance, invoices and payments; licensees have no billing", async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/billing");
  await expect(page.getByTestId("balance")).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  // The demo's two requests in licensing were invoiced and paid by bank transfer.
  await expect(page.getByRole("region", { name: "Payment history" })).toContainText("Bank transfer");
  await expect(page.getByRole("table")).toContainText("paid");
  await expectAccessible(page);

  const licensee = await (await browser.newContext()).newPage();
  await signIn(licensee, DEMO_USERS.licensee);
  await expect(licensee.getByRole("link", { name: "Billing" })).toHaveCount(0);
  await licensee.goto("/billing");
  await expect(licensee.getByText("Billing is for client staff")).toBeVisible();
});
