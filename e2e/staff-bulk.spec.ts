import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, invoiceAndPay, signIn } from "./helpers";
import { expectAccessible, fileRequestViaApi } from "./portal";

test("an employee begins licensing on several requests from the queue, then serves all their notices at once", async ({ page, request }) => {
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const stamp = `Bulk ${Date.now()}`;
  const song = await request.post("/api/songs", {
    headers: staff,
    data: { title: `${stamp} song`, writers: ["Bea Bulk"], owners: [
        { name: "Bulk Music", postalAddress: "1 Bulk Street\nErie, PA 16501", share: 50 },
        { name: "Many Songs", postalAddress: "2 Many Road\nErie, PA 16501", share: 50 },
      ], },
  });
  const { id: songId } = (await song.json()) as { id: number };
  // Three requests waiting for payment and paid, and a fourth waiting for payment and not paid.
  const ids: number[] = [];
  for (const letter of ["A", "B", "C", "D"]) {
    const { id } = await fileRequestViaApi(page, apiKey("client"), `${stamp} ${letter}`);
    expect((await request.post(`/api/requests/${id}/link-song`, { headers: staff, data: { songId } })).status()).toBe(200);
    for (const code of ["ready", "need_payment"]) {
      expect((await request.post(`/api/requests/${id}/status`, { headers: staff, data: { code } })).status()).toBe(200);
    }
    if (letter !== "D") await invoiceAndPay(request, id);
    ids.push(id);
  }
  const unpaid = ids.at(-1)!;

  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/queue?q=${encodeURIComponent(stamp)}`);
  for (const id of ids) await page.getByRole("checkbox", { name: `Select request #${id}` }).check();
  const bar = page.getByRole("form", { name: "Move the selected requests" });
  await bar.getByLabel("Move", { exact: true }).selectOption({ label: "Begin licensing" });
  await bar.getByRole("button", { name: "Apply to the selected requests" }).click();
  await expect(bar.getByText("Begin licensing on 4 requests? This locks each one’s album, track and release for good")).toBeVisible();
  await bar.getByRole("button", { name: "Yes, begin licensing" }).click();
  const results = bar.getByRole("status");
  await expect(results).toContainText("3 of 4 requests done.");
  await expect(results).toContainText(`#${unpaid}: refused:`);
  await expectAccessible(page);

  await page.goto(`/staff/queue?q=${encodeURIComponent(stamp)}&status=in_progress`);
  await expect(page.getByRole("checkbox", { name: /^Select request/ })).toHaveCount(3);
  for (const id of ids.slice(0, 3)) await page.getByRole("checkbox", { name: `Select request #${id}` }).check();
  await bar.getByLabel("Move", { exact: true }).selectOption({ label: "Mark every open notice served" });
  await bar.getByRole("button", { name: "Apply to the selected requests" }).click();
  await expect(results).toContainText("3 of 3 requests done.");

  for (const id of ids) {
    const view = await request.get(`/api/requests/${id}`, { headers: staff });
    expect(((await view.json()) as { status: { code: string } }).status.code).toBe(id === unpaid ? "need_payment" : "licensed");
  }
});
