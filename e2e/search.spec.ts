import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";

test("client staff find requests by licensee name and by #number", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  await page.goto("/requests");
  await page.getByLabel("Search").fill("lee licensee music");
  await page.getByRole("button", { name: "Filter" }).click();
  const list = page.getByRole("main").locator("tbody tr");
  // Other tests file requests for the demo licensee too: the page shows its newest, every one of them its own.
  await expect(list.first()).toContainText("Lee Licensee Music");
  expect((await list.allInnerTexts()).filter((text) => !text.includes("Lee Licensee Music"))).toEqual([]);

  await page.getByLabel("Search").fill("#7");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 request matches your filters.")).toBeVisible();
  await expect(list.filter({ hasText: "Blue Skies Again" })).toHaveCount(1);

  await page.getByLabel("Search").fill("harold finch");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(list.filter({ hasText: "Blue Skies Again" }).first()).toBeVisible();
});

test("the staff queue searches every account by licensee name and #number", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  await page.goto("/staff/queue?status=all");
  await page.getByLabel("Search").fill("#7");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=%237/);
  const rows = page.getByRole("main").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Blue Skies Again");

  await page.getByLabel("Search").fill("Lee Licensee");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows.filter({ hasText: "Paper Boats" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Lee Licensee Music" }).first()).toBeVisible();
});
