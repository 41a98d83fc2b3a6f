import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { DEMO_USERS, signedInPage } from "./helpers";
import { acceptInvitation, invite } from "./mail";
import { expectAccessible } from "./portal";

// Settings → Profile, "Email notifications" (docs/notifications.md): a person's own choice per kind of news.
const run = randomBytes(3).toString("hex");

test("a client member chooses a daily digest for wall posts; it is kept, and an employee has no such section", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, DEMO_USERS.client);
  const email = `prefs-${run}@prefs-e2e.example.com`;
  await invite(admin, email, "Pat Prefs", "member");
  const page = await (await browser.newContext()).newPage();
  await acceptInvitation(page, email);

  await page.goto("/settings/profile");
  await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
  const wallPosts = page.getByLabel("New posts on album walls");
  await expect(wallPosts).toHaveValue("immediate");
  await wallPosts.selectOption({ label: "Daily digest" });
  await page.getByLabel("Invoices issued").selectOption({ label: "Off" });
  await page.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel("New posts on album walls")).toHaveValue("daily");
  await expect(page.getByLabel("Invoices issued")).toHaveValue("off");

  const staff = await signedInPage(browser, DEMO_USERS.employee);
  await staff.goto("/settings/profile");
  await expect(staff.getByRole("heading", { name: "Password" })).toBeVisible();
  await expect(staff.getByRole("heading", { name: "Email notifications" })).toHaveCount(0);
});

test("an unsubscribe link that names nobody is a page saying so, not an error", async ({ page }) => {
  const res = await page.goto(`/unsubscribe?token=${randomUUID()}&kind=wall_post`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("unsubscribe link");
});
