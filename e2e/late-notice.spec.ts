import { expect, test } from "./fixtures";
import { apiKey, DEMO_USERS, signIn } from "./helpers";
import { expectAccessible } from "./portal";

// The request is prepared before the server starts (scripts/cli/e2e-late-request.ts): in licensing, its notices due
// by yesterday at the latest. This is the only test that serves it.
test("an employee serving a late notice is refused without the attestation, and licenses with it", async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_USERS.employee);
  await page.goto(`/staff/queue?q=${encodeURIComponent("Late Letters")}&status=in_progress`);
  const box = page.getByRole("checkbox", { name: /^Select request #\d+$/ });
  await expect(box).toHaveCount(1);
  const id = Number(((await box.getAttribute("aria-label")) ?? "").replace(/\D/g, ""));

  await page.goto(`/staff/requests/${id}`);
  const table = page.getByRole("table", { name: "Notices of intention" });
  await expect(table.getByText("Overdue")).toBeVisible();
  const form = page.getByRole("form", { name: "Serve the notice to Delta Heritage Publishing" });
  await form.getByLabel("How", { exact: true }).selectOption("mail");
  await form.getByLabel("Carrier").fill("USPS Certified Mail");
  await form.getByLabel("Tracking number (optional)").fill("9407 1000 0000 0001");
  // Served today, after the due date: the form asks for the attestation; sent without it, the notice is refused.
  await expect(form.getByRole("group", { name: /^Late: the notice was due by / })).toBeVisible();
  await form.getByRole("button", { name: "Mark served: Delta Heritage Publishing" }).click();
  await expect(form.getByRole("alert")).toContainText("a notice served late forecloses the compulsory license");
  await expect(form.getByRole("alert")).toContainText("custom_license_required");
  await expectAccessible(page);
  const staff = { Authorization: `Bearer ${apiKey("staff")}` };
  const before = (await (await request.get(`/api/requests/${id}`, { headers: staff })).json()) as {
    status: { code: string };
  };
  expect(before.status.code).toBe("in_progress");

  // Served again from a fresh page, with the attestation this time.
  await page.reload();
  await form.getByLabel("How", { exact: true }).selectOption("mail");
  await form.getByLabel("Carrier").fill("USPS Certified Mail");
  await form.getByLabel("Tracking number (optional)").fill("9407 1000 0000 0001");
  await form.getByLabel("No copy was distributed before this notice").check();
  await form.getByLabel("No copy was made more than 30 days before this notice").check();
  await form.getByLabel("Attestation note (what you checked)").fill("The label confirmed pressing starts next month.");
  await form.getByRole("button", { name: "Mark served: Delta Heritage Publishing" }).click();
  await expect(page.getByRole("link", { name: "Download license (PDF)" })).toBeVisible();
  await expect(table).toContainText("Carrier: USPS Certified Mail, tracking number 9407 1000 0000 0001");
  await expect(table).toContainText("attested that no copy was distributed before it");
  await expect(table).toContainText("The label confirmed pressing starts next month.");
  const after = (await (await request.get(`/api/requests/${id}`, { headers: staff })).json()) as {
    status: { code: string };
  };
  expect(after.status.code).toBe("licensed");
});
