import { expect, test } from "./fixtures";
import { DEMO_USERS, signIn } from "./helpers";

// A missing id (or another account's, which is answered the same way) is a real 404, not a 200 page saying so:
// browsers, crawlers and monitoring read the status, not the text.
const MISSING = [
  "/albums/999999",
  "/albums/999999/wall",
  "/albums/not-a-number",
  "/requests/999999",
  "/requests/abc",
  "/licensees/00000000-0000-4000-8000-000000000000",
  "/licensees/not-a-uuid",
];

test("portal pages of ids that do not exist answer HTTP 404 with the portal's not-found page", async ({ page }) => {
  await signIn(page, DEMO_USERS.client);
  for (const path of MISSING) {
    const res = await page.goto(path);
    expect([path, res?.status()]).toEqual([path, 404]);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "dashboard", exact: true })).toBeVisible();
  }
});

test("staff pages of ids that do not exist answer HTTP 404", async ({ page }) => {
  await signIn(page, DEMO_USERS.employee);
  for (const path of [
    "/staff/requests/999999",
    "/staff/songs/999999",
    "/staff/songs/abc",
    "/staff/accounts/999999",
    "/staff/accounts/abc/audit",
    "/staff/accounts/abc",
    "/albums/999999",
  ]) {
    const res = await page.goto(path);
    expect([path, res?.status()]).toEqual([path, 404]);
  }
});
