import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_USERS } from "./helpers";

async function fillSignIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("coverdesk-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a deep link to an album wall survives signing in", async ({ page }) => {
  await page.goto("/albums/1/wall?sort=asc");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Falbums%2F1%2Fwall%3Fsort%3Dasc$/);
  await fillSignIn(page, DEMO_USERS.employee);
  await expect(page).toHaveURL(/\/albums\/1\/wall\?sort=asc$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wall");
});

test("a deep link to a request and to a staff page survives signing in", async ({ page }) => {
  await page.goto("/staff/queue");
  await expect(page).toHaveURL(/callbackUrl=%2Fstaff%2Fqueue$/);
  await fillSignIn(page, DEMO_USERS.employee);
  await expect(page).toHaveURL(/\/staff\/queue$/);
});

for (const evil of ["//evil.example/albums/1", "https://evil.example/", "/\\evil.example"]) {
  test(`a return path of ${evil} is ignored: signing in leads to the dashboard`, async ({ page }) => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(evil)}`);
    await fillSignIn(page, DEMO_USERS.client);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });
}
